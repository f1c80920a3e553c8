"""Winnability surveys at research scale: every deal of a range solved on a Dask
cluster, each answer kept in SQLite as it comes, so a stopped survey resumes.

``store`` keeps the answers, ``work`` solves a batch (what a Dask worker runs; no
Dask in it), ``run`` spreads the batches over a cluster (the only module that
imports Dask), ``report`` turns the store into shares with confidence intervals,
``progress`` draws the bar, ``pool`` makes a winnable-deal pool from the answers,
``command`` is the ``solitaire survey`` verb.
"""
