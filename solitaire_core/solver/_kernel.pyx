# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# distutils: language = c++
"""The compiled search kernel: the derived model's tables (``derived.Model``, read from a
game's rule set) and the search loop of ``search._Search``, run in C++.

It is a translation, line for line, of the pure-Python model and search, which stay the
reference: ``kernel.py`` decides where it applies (``why_not``), and the differential test
(tests/core/test_solver_kernel.py) holds its lines, keys, safe lines, dead ends and
answers equal to the Python ones for every registered game. The positions are flat
bytes: for each zone its card count, its face-down count, then its cards bottom to top,
and last the redeals used (two bytes).
"""

from libc.stdint cimport uint8_t, int64_t, uint64_t
from libc.string cimport memcpy, memcmp
from libcpp.string cimport string
from libcpp.vector cimport vector
from libcpp.unordered_map cimport unordered_map
from cython.operator cimport dereference as deref
from libcpp.utility cimport pair
from libcpp.queue cimport priority_queue
from libcpp.algorithm cimport stable_sort
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

DEF MAXZ = 160      # zones a game may have
DEF STRIDE = 256    # cards a zone may hold, in the work buffer

# the lift rules (zones.LIFT_*), as numbers
cdef enum:
    LNONE = 0
    LTOP = 1
    LRUNS = 2
    LANY = 3
    LTOP_OR_ALL = 4

from ..ruleset import Position

LIFTS = {"none": LNONE, "top": LTOP, "runs": LRUNS, "any": LANY, "top-or-all": LTOP_OR_ALL}

# what a search step ends with (``_Search``'s outcomes)
cdef enum:
    GOING = 0
    FOUND = 1
    EXHAUSTED = 2
    STOP_TIME = 3
    STOP_NODES = 4
    STOP_TABLE = 5
    STOP_CANCEL = 6

cdef struct Step:
    int i
    int j
    int n

cdef struct M256:
    uint64_t w[4]

cdef struct Move3:
    int order
    int i
    int j
    int n

cdef struct Steps:     # a line: ``d1`` draws, a move, then (``has2``) ``d2`` draws and a move
    int d1
    Step m1
    int d2
    Step m2
    bint has2

cdef struct Child:
    string pos
    Steps steps
    int changed[4]        # the zones a local safe test looks at (``Model._changed``)
    int nchanged          # how many; -1: the stock's targets
    bint local            # False: every zone that sends cards up

cdef struct Cand:      # the last move of a line, drawn from a split of the stock (``base``)
    int order
    int draws
    int i
    int j
    int n
    int base

cdef struct Line:      # a line of ``Kernel.uses``: ``d`` draws and a move, and where it ends
    int d
    Step move
    string pos

cdef struct Frame:
    vector[Child] children
    size_t next
    long bytes

cdef inline bint m_has(const M256& m, int c) noexcept nogil:
    return (m.w[c >> 6] >> (c & 63)) & 1

cdef inline void m_set(M256& m, int c) noexcept nogil:
    m.w[c >> 6] |= (<uint64_t>1) << (c & 63)

cdef inline void m_clear(M256& m) noexcept nogil:
    m.w[0] = m.w[1] = m.w[2] = m.w[3] = 0

cdef M256 mask_of(object number):
    """A Python int used as a bit mask over card codes, as four words."""
    cdef M256 m
    cdef int k
    for k in range(4):
        m.w[k] = (number >> (64 * k)) & 0xFFFFFFFFFFFFFFFF
    return m

cdef bint order_less(const Move3& a, const Move3& b) noexcept nogil:
    return a.order < b.order

cdef bint cand_less(const Cand& a, const Cand& b) noexcept nogil:
    return a.order < b.order or a.order == b.order and a.draws < b.draws

cdef vector[Step] expand(const Steps& steps) noexcept nogil:
    """A line's steps one by one, draws as the stock's click (-1)."""
    cdef vector[Step] out
    cdef Step draw
    cdef int k
    draw.i, draw.j, draw.n = -1, -1, 0
    for k in range(steps.d1):
        out.push_back(draw)
    out.push_back(steps.m1)
    if steps.has2:
        for k in range(steps.d2):
            out.push_back(draw)
        out.push_back(steps.m2)
    return out


cdef extern from *:
    int count_trailing "__builtin_ctzll"(unsigned long long) nogil


cdef long children_bytes(const vector[Child]& children) noexcept nogil:
    """What a list of lines holds: the lines and the positions they reach."""
    cdef long total = children.capacity() * sizeof(Child)
    cdef size_t k
    for k in range(children.size()):
        total += children[k].pos.capacity()
    return total


cdef inline double now() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef struct Slot:
    uint64_t hash
    uint64_t at       # where the key lies in the arena, plus one; 0: an empty slot

DEF BLOCK_BITS = 22   # the arena's blocks of 4 MB


cdef inline uint64_t hash_bytes(const uint8_t* b, size_t n) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL ^ n, w
    cdef size_t k = 0
    while k + 8 <= n:
        memcpy(&w, &b[k], 8)
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL
        h ^= h >> 29
        k += 8
    w = 0
    memcpy(&w, &b[k], n - k)
    h = (h ^ w) * 0x94D049BB133111EBULL
    h ^= h >> 31
    return h


cdef class Seen:
    """A transposition table of position keys, shared by searches as ``_Search.seen``:
    open addressing over 64-bit hashes, the keys themselves kept in an arena of blocks
    (two bytes of length, then the key), compared in full on a matching hash."""
    cdef vector[Slot] slots
    cdef vector[string] blocks
    cdef size_t count, used

    def __cinit__(self):
        self.slots.resize(1 << 16)
        self.count = 0
        self.used = 1 << BLOCK_BITS  # no block yet

    def __len__(self):
        return self.count

    @property
    def bytes(self):
        """The memory the table holds: its slots and its blocks of keys."""
        return self.held()

    cdef size_t held(self) noexcept nogil:
        return self.slots.size() * sizeof(Slot) + self.blocks.size() * (1 << BLOCK_BITS)

    cdef int insert(self, const string& key, size_t limit) noexcept nogil:
        """Enter ``key``: 1, or 0 if it was there, or 2 if it was not and entering it would
        take the table over ``limit`` bytes (0: no limit), a block or a larger array of slots."""
        cdef const uint8_t* k = <const uint8_t*>key.data()
        cdef size_t n = key.size(), mask = self.slots.size() - 1, i, more = 0
        cdef uint64_t h = hash_bytes(k, n)
        cdef const uint8_t* kept
        i = h & mask
        while self.slots[i].at:
            if self.slots[i].hash == h:
                kept = self.key_at(self.slots[i].at - 1)
                if (kept[0] | kept[1] << 8) == n and memcmp(&kept[2], k, n) == 0:
                    return 0
            i = (i + 1) & mask
        if limit:
            if self.used + n + 2 > (1 << BLOCK_BITS):
                more += 1 << BLOCK_BITS
            if (self.count + 1) * 10 > self.slots.size() * 7:
                more += self.slots.size() * 2 * sizeof(Slot)  # the new array, beside the old one
            if self.held() + more > limit:
                return 2
        if self.used + n + 2 > (1 << BLOCK_BITS):
            self.blocks.push_back(string())
            self.blocks.back().resize(1 << BLOCK_BITS)
            self.used = 0
        cdef uint8_t* into = <uint8_t*>self.blocks.back().data() + self.used
        into[0] = n & 255
        into[1] = n >> 8
        memcpy(&into[2], k, n)
        self.slots[i].hash = h
        self.slots[i].at = 1 + ((self.blocks.size() - 1) << BLOCK_BITS | self.used)
        self.used += n + 2
        self.count += 1
        if self.count * 10 > self.slots.size() * 7:
            self.grow()
        return 1

    cdef inline const uint8_t* key_at(self, uint64_t at) noexcept nogil:
        return <const uint8_t*>self.blocks[at >> BLOCK_BITS].data() + (at & ((1 << BLOCK_BITS) - 1))

    cdef void grow(self) noexcept nogil:
        cdef vector[Slot] old
        old.swap(self.slots)
        self.slots.resize(old.size() * 2)
        cdef size_t mask = self.slots.size() - 1, i, k
        for k in range(old.size()):
            if old[k].at:
                i = old[k].hash & mask
                while self.slots[i].at:
                    i = (i + 1) & mask
                self.slots[i] = old[k]


cdef class Kernel:
    """One game's model under one option set, in C++ (``kernel.kernel_for`` makes it)."""

    cdef public object model
    cdef int nz, size, deck_size, win_count, stock, waste, draw_count, redeals, pairs_to, pairs_t
    cdef bint supermove, needs_filled, any_safe, local_safe, has_needs, plain_key, has_classes
    cdef bint has_keying, has_keying_dealt, has_blocking, has_collectors, has_refill
    cdef bint has_dead_ends, has_paired, has_hosted, has_hosts, has_chained
    cdef vector[M256] hosts, links, partners
    cdef string hosted_loose, chain_ends, alone
    cdef vector[int] hosted_zones, sides, order_zones, order_test
    cdef vector[vector[int]] order_near, order_below
    cdef vector[string] tables        # relations, byte below * size + above; rows of size bytes
    cdef vector[int] build_t, run_t, collect_t, empty_r, lift, flip, one, collecting, takers
    cdef vector[int] is_found, is_cell, is_waste, is_tops, in_sends_up, is_tableau
    cdef vector[vector[int]] covering, under, receivers, giving_to, keying_groups, dealt_groups
    cdef vector[int] uncover, collectors, foundations, tableau, cells, targets, empty_to_win
    cdef vector[int] giving_src, tops_only, sends_up, keying_alone, dealt_alone, blocking_zones
    cdef vector[pair[int, int]] refill
    cdef vector[uint8_t] barred       # barred[src * nz + j]
    cdef vector[int] rank, king, below
    cdef string classes, safe_up, loose
    cdef vector[M256] needs_mask, chain_mask, parents
    cdef vector[vector[M256]] next_ups
    cdef vector[M256] next_starts
    cdef int free_weight
    cdef bint plain_moves, plain_draws
    # the game's hooks (``RuleSet``'s), called in Python
    cdef bint hooked, own_safe, has_lift_hook, has_drop_hook, has_permit_hook, has_pair_hook, has_move_hook, has_deal_hook
    cdef object lift_hook, drop_hook, permit_hook, pair_hook, move_hook, deal_hook, cards, at_obj
    cdef string at_key
    cdef public object error
    cdef bint stock_lines
    cdef vector[int] fold_zone, into_waste
    cdef vector[vector[int]] givers
    cdef unordered_map[string, vector[pair[int, string]]] split_cache
    # the work buffer a move's effect is made in
    cdef int cnt[MAXZ]
    cdef int dn[MAXZ]
    cdef uint8_t cd[MAXZ * STRIDE]
    cdef int redeal_count

    def __init__(self, model):
        self.model = model
        m = model
        self.nz = len(m.ids)
        if self.nz > MAXZ:
            raise ValueError(f"more than {MAXZ} zones")
        self.size = m.size
        self.deck_size = m.deck_size
        self.win_count = m.win_count
        ids: dict = {}

        def table(t) -> int:
            if t is None:
                return -1
            if id(t) not in ids:
                ids[id(t)] = len(ids)
                self.tables.push_back(bytes(t))
            return ids[id(t)]

        nz = self.nz
        for j in range(nz):
            self.build_t.push_back(table(m.build[j]))
            self.run_t.push_back(table(m.run[j]))
            self.collect_t.push_back(table(m.collect[j]))
            self.empty_r.push_back(table(m.empty[j]))
            self.lift.push_back(LIFTS[m.lift_rule[j]])
            self.flip.push_back(bool(m.flip[j]))
            self.one.push_back(bool(m.one[j]))
            self.collecting.push_back(j in m.collecting)
            self.takers.push_back(j in m.takers)
            self.is_found.push_back(m.roles[j] == "foundation")
            self.is_cell.push_back(m.roles[j] == "cell")
            self.is_waste.push_back(m.roles[j] == "waste")
            self.is_tableau.push_back(j in m.tableau)
            self.covering.push_back(list(m.covering[j]))
            self.under.push_back(list(m.under[j]))
            self.receivers.push_back(list(m.receivers[j]))
            for k in range(nz):
                self.barred.push_back(k in m.barred[j])
        self.pairs_t = table(m.pairs)
        self.pairs_to = -1 if m.pairs_to is None else m.pairs_to
        for i, r in m.giving:
            self.giving_src.push_back(i)
            self.giving_to.push_back(list(r))
        self.uncover = list(m.uncover)
        self.collectors = list(m.collectors)
        self.has_collectors = bool(m.collectors)
        self.foundations = list(m.foundations)
        self.tableau = list(m.tableau)
        self.cells = list(m.cells)
        self.refill = [(j, k) for j, k in m.refill]
        self.has_refill = bool(m.refill)
        self.hooked, self.own_safe, self.cards, self.error = m.hooked, m.own_safe, m.cards, None
        self.lift_hook, self.drop_hook, self.permit_hook = m.lift_hook, m.drop_hook, m.permit_hook
        self.pair_hook, self.move_hook, self.deal_hook = m.pair_hook, m.move_hook, m.deal_hook
        self.has_lift_hook, self.has_drop_hook = m.lift_hook is not None, m.drop_hook is not None
        self.has_permit_hook, self.has_pair_hook = m.permit_hook is not None, m.pair_hook is not None
        self.has_move_hook, self.has_deal_hook = m.move_hook is not None, m.deal_hook is not None
        # moves that set nothing off by themselves: no run collected, no zone refilled, no hook
        self.plain_moves = not m.collectors and not m.refill and not self.has_move_hook
        self.plain_draws = self.plain_moves and len(m.targets) == 1 and m.targets[0] == m.waste \
            and not m.under[m.waste]
        self.supermove = m.supermove
        self.rank = list(m.rank)
        self.king = list(m.king)
        self.empty_to_win = list(m.empty_to_win)
        self.stock = -1 if m.stock is None else m.stock
        self.targets = list(m.targets)
        self.needs_filled = m.needs_filled
        self.waste = -1 if m.waste is None else m.waste
        # the model's own tables
        self.has_classes = m.classes is not None
        self.classes = bytes(m.classes) if m.classes is not None else b""
        self.tops_only = list(m.tops_only)
        self.is_tops = [j in m.tops_only for j in range(nz)]
        self.has_keying = m._keying is not None
        if self.has_keying:
            grouped = {j for g in m.groups for j in g}
            self.keying_alone = [j for j in range(nz + 1) if j not in grouped]
            self.keying_groups = [list(g) for g in m.groups]
        self.has_keying_dealt = m._keying_dealt is not None
        if self.has_keying_dealt:
            grouped = {j for g in m.dealt_groups for j in g}
            self.dealt_alone = [j for j in range(nz + 1) if j not in grouped]
            self.dealt_groups = [list(g) for g in m.dealt_groups]
        self.plain_key = not self.has_classes and not m.groups and not m.tops_only and not self.has_keying_dealt
        self.any_safe = m.any_safe
        self.safe_up = bytes(m.safe_up)
        self.has_needs = m.needs is not None
        if self.has_needs:
            self.needs_mask = [mask_of(x) for x in m.needs_mask]
            self.chain_mask = [mask_of(x) for x in m.chain_mask]
        self.local_safe = m.local_safe
        for f, ups, starts in m.next_masks:
            self.next_ups.push_back([mask_of(x) for x in ups])
            self.next_starts.push_back(mask_of(starts))
        self.free_weight = m.free_weight
        self.fold_zone = [j in m.fold for j in range(nz)]
        self.into_waste = list(m.into_waste)
        self.givers = [list(g) for g in m.givers]
        self.has_blocking = m.blocking is not None
        self.has_dead_ends = m.has_dead_ends
        self.has_paired = m.paired is not None
        if self.has_paired:
            partners, alone, order = m.paired
            self.partners = [mask_of(x) for x in partners]
            self.alone = bytes(alone)
            for j, near, below, test in order:
                self.order_zones.push_back(j)
                self.order_near.push_back(list(near))
                self.order_below.push_back(list(below))
                self.order_test.push_back(bool(test))
        self.has_hosted = m.hosted is not None
        if self.has_hosted:
            hosts, loose, zones = m.hosted
            self.has_hosts = hosts is not None
            if self.has_hosts:
                self.hosts = [mask_of(x) for x in hosts]
            self.hosted_loose = bytes(loose)
            self.hosted_zones = list(zones)
        self.has_chained = m.chained is not None
        if self.has_chained:
            links, sides, ends, _ = m.chained
            self.links = [mask_of(x) for x in links]
            self.sides = list(sides)
            self.chain_ends = bytes(ends)
        if self.has_blocking:
            zones, below, parents, loose = m.blocking
            self.blocking_zones = list(zones)
            self.below = list(below)
            self.parents = [mask_of(sum(1 << p for p in ps)) for ps in parents]
            self.loose = bytes(loose)
        self.settings()

    def settings(self):
        """The stock's settings of the model's current rule set (``Model._settings``)."""
        m = self.model
        self.draw_count = m.draw_count
        self.redeals = -1 if m.redeals is None else m.redeals
        self.sends_up = list(m.sends_up)
        self.in_sends_up = [j in m.sends_up for j in range(self.nz)]
        self.stock_lines = m.stock_lines
        self.split_cache.clear()

    # --- positions between Python and C++ --------------------------------------------
    cdef string encode(self, tuple pos) except *:
        cdef string out
        cdef bytes zone
        cdef int r
        cdef Py_ssize_t last = len(pos) - 1
        for zone in pos[:last]:
            out.push_back(<char>(len(zone) - 1))
            out.append(<char*>zone, len(zone))
        r = min(pos[last], 65535)
        out.push_back(<char>(r & 255))
        out.push_back(<char>(r >> 8))
        return out

    cdef tuple decode(self, const string& p):
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int k = 0, z, c
        zones = []
        for z in range(self.nz):
            c = b[k]
            zones.append((<const char*>b)[k + 1:k + 2 + c])
            k += 2 + c
        zones.append(b[k] | b[k + 1] << 8)
        return tuple(zones)

    cdef inline void offsets(self, const uint8_t* b, int* off) noexcept nogil:
        cdef int z, k = 0
        for z in range(self.nz):
            off[z] = k
            k += 2 + b[k]
        off[self.nz] = k

    # --- the work buffer ----------------------------------------------------------------
    cdef void load(self, const string& p) noexcept nogil:
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int k = 0, z, c
        for z in range(self.nz):
            c = b[k]
            self.cnt[z] = c
            self.dn[z] = b[k + 1]
            memcpy(&self.cd[z * STRIDE], &b[k + 2], c)
            k += 2 + c
        self.redeal_count = b[k] | b[k + 1] << 8

    cdef string store(self) noexcept nogil:
        cdef string out
        cdef int z, total = 2
        for z in range(self.nz):
            total += 2 + self.cnt[z]
        out.resize(total)
        cdef uint8_t* b = <uint8_t*>out.data()
        cdef int k = 0
        for z in range(self.nz):
            b[k] = self.cnt[z]
            b[k + 1] = self.dn[z]
            memcpy(&b[k + 2], &self.cd[z * STRIDE], self.cnt[z])
            k += 2 + self.cnt[z]
        b[k] = self.redeal_count & 255
        b[k + 1] = self.redeal_count >> 8
        return out

    cdef inline void take_off(self, int z, int n) noexcept nogil:
        """The top ``n`` cards leave zone ``z``: what is left turns up as the zone says."""
        cdef int rest = self.cnt[z] - n
        cdef int down = self.dn[z] if self.dn[z] < rest else rest
        if self.flip[z] and rest and down == rest:
            down -= 1
        self.cnt[z] = rest
        self.dn[z] = down

    # --- reading a position ---------------------------------------------------------------
    cdef inline bint covered(self, const uint8_t* b, const int* off, int i) noexcept nogil:
        cdef int c
        for c in self.covering[i]:
            if b[off[c]]:
                return True
        return False

    cdef int run_length(self, const uint8_t* b, const int* off, int i) noexcept nogil:
        cdef int o = off[i], count = b[o], up = b[o] - b[o + 1], lift = self.lift[i], n = 1, rt
        if lift == LNONE or up <= 0:
            return 0
        if self.covered(b, off, i):
            return 0
        if lift == LTOP:
            return 1
        if lift == LANY:
            return up
        rt = self.run_t[i]
        if rt < 0:
            return 1
        cdef const uint8_t* run = <const uint8_t*>self.tables[rt].data()
        cdef const uint8_t* top = &b[o + 1 + count]   # top[-k]: the k-th card from the top, k from 0
        while n < up and run[(<const uint8_t*>top)[-n] * self.size + (<const uint8_t*>top)[1 - n]]:
            n += 1
        return n

    cdef bint last_pass(self, int redeals_used) noexcept nogil:
        return self.redeals >= 0 and redeals_used >= self.redeals

    cdef int draw_refused(self, const uint8_t* b, const int* off) noexcept nogil:
        cdef int si = self.stock, t
        if si < 0:
            return 1
        if b[off[si]]:
            if self.needs_filled:
                for t in self.targets:
                    if b[off[t]] == 0:
                        return 1
            return 0
        if self.waste < 0:
            return 1
        if b[off[self.waste]] == 0:
            return 1
        if self.last_pass(b[off[self.nz]] | b[off[self.nz] + 1] << 8):
            return 1
        return 0

    cdef int order(self, const uint8_t* b, const int* off, int i, int j, int n) noexcept nogil:
        """``derived._order``: lower first."""
        cdef int o = off[i], count = b[o], down = b[o + 1], bt
        if self.is_found[j]:
            return 0
        if down and down == count - n:
            return 1
        if self.is_found[i]:
            return 9
        if self.has_permit_hook and self.permitted_only(b, off, i, j, n):
            return 8
        if self.hooked and self.is_waste[i]:  # no safe cards proved: the card the next draw buries first
            return 1
        if count - n > down:
            bt = self.build_t[i]
            if bt >= 0 and (<const uint8_t*>self.tables[bt].data())[b[o + 1 + count - n] * self.size + b[o + 2 + count - n]]:
                return 7
        if b[off[j]] == 0:
            return 4 if count > n else 8
        return 2 if not self.is_cell[j] else 6

    cdef bint permitted_only(self, const uint8_t* b, const int* off, int i, int j, int n) noexcept nogil:
        """Whether a drop is one the declared rules refuse (``_order``: a ``permit_drop`` one)."""
        cdef int first = b[off[i] + 2 + b[off[i]] - n], c = b[off[j]], rt
        if c == 0:
            rt = self.empty_r[j]
            return rt < 0 or not (<const uint8_t*>self.tables[rt].data())[first]
        rt = self.build_t[j]
        return rt < 0 or not (<const uint8_t*>self.tables[rt].data())[b[off[j] + 1 + c] * self.size + first]

    cdef void fill_rows(self, const uint8_t* b, const int* off, vector[const uint8_t*]& rows, vector[int]& rooms,
                        bint free) noexcept nogil:
        """``RuleSet.rows``: for each zone the cards it takes now (a row of a table, or NULL)
        and the longest run it takes at once; ``free``: counting free places (supermove)."""
        cdef int j, cells = 0, cols = 0
        rows.resize(self.nz)
        rooms.resize(self.nz)
        if self.supermove and free:
            self.free_places(b, off, &cells, &cols)
        for j in range(self.nz):
            rows[j] = NULL
            rooms[j] = 0
            if self.takers[j]:
                self.row(b, off, j, free, cells, cols, &rows[j], &rooms[j])

    cdef void row(self, const uint8_t* b, const int* off, int j, bint free, int cells, int cols,
                  const uint8_t** row, int* room) noexcept nogil:
        """``RuleSet.row`` of zone ``j``."""
        cdef int o = off[j], count = b[o], down = b[o + 1], rt
        row[0] = NULL
        if count == 0:
            rt = self.empty_r[j]
            if rt >= 0:
                row[0] = <const uint8_t*>self.tables[rt].data()
        elif down != count:
            rt = self.build_t[j]
            if rt >= 0:
                row[0] = <const uint8_t*>self.tables[rt].data() + b[o + 1 + count] * self.size
        if self.one[j]:
            room[0] = 1
        elif self.supermove and free:
            room[0] = (cells + 1) << (cols - (1 if count == 0 and self.is_tableau[j] else 0))
        else:
            room[0] = self.deck_size

    cdef void free_places(self, const uint8_t* b, const int* off, int* cells, int* cols) noexcept nogil:
        cdef int z
        cells[0] = cols[0] = 0
        for z in self.cells:
            if b[off[z]] == 0:
                cells[0] += 1
        for z in self.tableau:
            if b[off[z]] == 0:
                cols[0] += 1

    cdef vector[Move3] moves(self, const uint8_t* b, const int* off) noexcept nogil:
        """``Model.moves``: every legal move, best first (a stable sort, as Python's)."""
        cdef vector[Move3] found
        cdef vector[const uint8_t*] rows
        cdef vector[int] rooms
        cdef int k, i
        cdef Move3 mv
        self.fill_rows(b, off, rows, rooms, True)
        for k in range(<int>self.giving_src.size()):
            i = self.giving_src[k]
            if b[off[i]] == 0 or self.covered(b, off, i):
                continue
            self.moves_from(found, b, off, i, self.giving_to[k], rows, rooms)
        if self.pairs_t >= 0:
            self.pairs_among(found, b, off, -1, -1)
        if not self.draw_refused(b, off):
            mv.order, mv.i, mv.j, mv.n = 3, -1, -1, 0
            found.push_back(mv)
        stable_sort(found.begin(), found.end(), order_less)
        return found

    cdef void moves_from(self, vector[Move3]& found, const uint8_t* b, const int* off, int i,
                         const vector[int]& targets, vector[const uint8_t*]& rows, vector[int]& rooms) noexcept nogil:
        """``RuleSet.moves_from``: each run zone ``i`` may give to one of ``targets``."""
        cdef vector[int] counts
        self.lifts(b, off, i, counts)
        for n in counts:
            self.add_moves(found, b, off, i, n, targets, rows, rooms)

    cdef void add_moves(self, vector[Move3]& found, const uint8_t* b, const int* off, int i, int n,
                        const vector[int]& targets, vector[const uint8_t*]& rows, vector[int]& rooms) noexcept nogil:
        cdef int o = off[i], first = b[o + 2 + b[o] - n], j
        cdef size_t t
        cdef Move3 mv
        for t in range(targets.size()):
            j = targets[t]
            if rows[j] != NULL and rows[j][first]:
                if n <= rooms[j] and not (self.barred[i * self.nz + j] and b[off[j]] == 0) \
                        and not (self.has_drop_hook and self.hook_drop(b, off, j, first, n, i)):
                    mv.order, mv.i, mv.j, mv.n = self.order(b, off, i, j, n), i, j, n
                    found.push_back(mv)
            elif self.has_permit_hook and not self.drop_refused(b, off, j, first, n, i):
                # the tables refuse it, the game's ``permit_drop`` lets it through
                mv.order, mv.i, mv.j, mv.n = self.order(b, off, i, j, n), i, j, n
                found.push_back(mv)

    cdef void pairs_among(self, vector[Move3]& found, const uint8_t* b, const int* off, int only_a, int only_b) noexcept nogil:
        """``RuleSet.pairs_among`` over the pairable zones; ``only_a``/``only_b``: the one zone
        a pair must start or end with (-1: any)."""
        cdef vector[int] free_zones
        cdef int z, i, j
        cdef Move3 mv
        for z in range(self.nz):
            if not self.is_found[z] and self.run_length(b, off, z) \
                    and not (self.has_lift_hook and self.hook_lift(b, off, z, 1)):
                free_zones.push_back(z)
        cdef const uint8_t* row = <const uint8_t*>self.tables[self.pairs_t].data()
        for i in free_zones:
            if only_a >= 0 and i != only_a:
                continue
            for j in free_zones:
                if only_b >= 0 and j != only_b:
                    continue
                if i != j and row[b[off[i] + 1 + b[off[i]]] * self.size + b[off[j] + 1 + b[off[j]]]] \
                        and not (self.has_pair_hook and self.hook_pair(b, off, i, j)):
                    mv.order, mv.i, mv.j, mv.n = 0, i, j, -1
                    found.push_back(mv)

    # --- effects -------------------------------------------------------------------------
    cdef string play(self, const string& p, int i, int j, int n) noexcept nogil:
        """``RuleSet.play``: the position after a legal move, settled; a move of cards or a
        draw onto the waste that sets nothing off by itself is made in one copy."""
        if i >= 0 and n > 0 and self.plain_moves and self.under[i].empty() and self.under[j].empty():
            return self.play_plain(p, i, j, n)
        if i < 0 and self.plain_draws:
            return self.draw_plain(p)
        return self.play_settled(p, i, j, n)

    cdef string play_plain(self, const string& p, int i, int j, int n) noexcept nogil:
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef string out
        cdef int rest, down, lo = i if i < j else j, hi = j if i < j else i, k, end_lo, end_hi
        self.offsets(b, off)
        rest = b[off[i]] - n
        down = b[off[i] + 1] if b[off[i] + 1] < rest else rest
        if self.flip[i] and rest and down == rest:
            down -= 1
        out.resize(p.size())
        cdef uint8_t* o = <uint8_t*>out.data()
        # the zones before, between and after the two are copied as they are, in three blocks
        memcpy(o, b, off[lo])
        k = off[lo]
        end_lo = off[lo] + 2 + b[off[lo]]
        k = self.moved_zone(o, k, b, off, lo, i, j, n, rest, down)
        memcpy(&o[k], &b[end_lo], off[hi] - end_lo)
        k += off[hi] - end_lo
        k = self.moved_zone(o, k, b, off, hi, i, j, n, rest, down)
        end_hi = off[hi] + 2 + b[off[hi]]
        memcpy(&o[k], &b[end_hi], p.size() - end_hi)
        return out

    cdef inline int moved_zone(self, uint8_t* o, int k, const uint8_t* b, const int* off, int z, int i, int j, int n,
                               int rest, int down) noexcept nogil:
        """Write zone ``z`` after ``n`` cards went from ``i`` to ``j`` at ``o[k]``; where it ends."""
        cdef int cj
        if z == i:
            o[k] = rest
            o[k + 1] = down
            memcpy(&o[k + 2], &b[off[i] + 2], rest)
            return k + 2 + rest
        cj = b[off[j]]
        o[k] = cj + n
        o[k + 1] = b[off[j] + 1]
        memcpy(&o[k + 2], &b[off[j] + 2], cj)
        memcpy(&o[k + 2 + cj], &b[off[i] + 2 + rest], n)
        return k + 2 + cj + n

    cdef string draw_plain(self, const string& p) noexcept nogil:
        """A draw onto the one waste: cards turned from the stock, or the waste turned over."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef string out
        cdef int z, k = 0, c, src, m, si = self.stock, w = self.waste, sc, wc, take, r
        self.offsets(b, off)
        sc, wc = b[off[si]], b[off[w]]
        r = b[off[self.nz]] | b[off[self.nz] + 1] << 8
        take = self.draw_count if self.draw_count < sc else sc
        out.resize(p.size())
        cdef uint8_t* o = <uint8_t*>out.data()
        for z in range(self.nz):
            src = off[z]
            c = b[src]
            if z == si:
                if sc:
                    o[k] = o[k + 1] = sc - take
                    memcpy(&o[k + 2], &b[src + 2], sc - take)
                    k += 2 + sc - take
                else:
                    o[k] = o[k + 1] = wc
                    for m in range(wc):
                        o[k + 2 + m] = b[off[w] + 1 + wc - m]
                    k += 2 + wc
            elif z == w:
                if sc:
                    o[k] = wc + take
                    o[k + 1] = b[src + 1]
                    memcpy(&o[k + 2], &b[src + 2], wc)
                    for m in range(take):
                        o[k + 2 + wc + m] = b[off[si] + 1 + sc - m]
                    k += 2 + wc + take
                else:
                    o[k] = o[k + 1] = 0
                    k += 2
            else:
                memcpy(&o[k], &b[src], 2 + c)
                k += 2 + c
        if not sc:
            r += 1
        o[k] = r & 255
        o[k + 1] = (r >> 8) & 255
        return out

    cdef string play_settled(self, const string& p, int i, int j, int n) noexcept nogil:
        cdef int k, c, si, t, m, a, b0
        cdef vector[int] touched
        self.load(p)
        if i < 0 and self.has_deal_hook:  # the top card goes where the game's ``dealt_to`` says
            si = self.stock
            c = self.cnt[si]
            t = self.hook_deal(p, self.cd[si * STRIDE + c - 1])
            self.cd[t * STRIDE + self.cnt[t]] = self.cd[si * STRIDE + c - 1]
            self.cnt[t] += 1
            self.cnt[si] = c - 1
            self.dn[si] = c - 1
            touched = self.tableau
        elif i < 0:
            si = self.stock
            c = self.cnt[si]
            if self.targets.size() > 1:
                k = <int>self.targets.size() if <int>self.targets.size() < c else c
                for m in range(k):
                    t = self.targets[m]
                    self.cd[t * STRIDE + self.cnt[t]] = self.cd[si * STRIDE + c - 1 - m]
                    self.cnt[t] += 1
                self.cnt[si] = c - k
                self.dn[si] = c - k
            elif c:
                k = self.draw_count if self.draw_count < c else c
                t = self.waste
                for m in range(k):
                    self.cd[t * STRIDE + self.cnt[t]] = self.cd[si * STRIDE + c - 1 - m]
                    self.cnt[t] += 1
                self.cnt[si] = c - k
                self.dn[si] = c - k
            else:
                t = self.waste
                c = self.cnt[t]
                for m in range(c):
                    self.cd[si * STRIDE + m] = self.cd[t * STRIDE + c - 1 - m]
                self.cnt[si] = c
                self.dn[si] = c
                self.cnt[t] = 0
                self.dn[t] = 0
                self.redeal_count += 1
            if self.targets.size():
                touched = self.targets
            else:
                touched = self.tableau
        elif n < 0:
            a = self.cd[i * STRIDE + self.cnt[i] - 1]
            b0 = self.cd[j * STRIDE + self.cnt[j] - 1]
            self.cnt[i] -= 1
            self.cnt[j] -= 1
            self.dn[i] = min(self.dn[i], self.cnt[i])
            self.dn[j] = min(self.dn[j], self.cnt[j])
            t = self.pairs_to
            self.cd[t * STRIDE + self.cnt[t]] = a
            self.cd[t * STRIDE + self.cnt[t] + 1] = b0
            self.cnt[t] += 2
            touched.push_back(i)
            touched.push_back(j)
        else:
            memcpy(&self.cd[j * STRIDE + self.cnt[j]], &self.cd[i * STRIDE + self.cnt[i] - n], n)
            self.cnt[j] += n
            self.take_off(i, n)
            if self.has_move_hook:  # what the game's own rule makes of the cards moved
                self.hook_moved(i, j, n)
            touched.push_back(i)
            touched.push_back(j)
        self.settle(touched)
        return self.store()

    cdef void settle(self, vector[int]& touched) noexcept nogil:
        """``RuleSet.settle``, on the work buffer."""
        cdef int t, top, j, k, c
        cdef pair[int, int] pr
        for t in touched:
            c = self.cnt[t]
            if self.collecting[t] and c > 0:
                top = self.cd[t * STRIDE + c - 1]
                if self.rank[top] == 1 and c - self.dn[t] >= self.king[top]:
                    self.collect(touched)
                    break
        for pr in self.refill:
            j, k = pr.first, pr.second
            if self.cnt[j] == 0 and self.cnt[k] > 0:
                self.cd[j * STRIDE] = self.cd[k * STRIDE + self.cnt[k] - 1]
                self.cnt[j] = 1
                self.dn[j] = 0
                self.take_off(k, 1)
        if self.has_collectors or self.has_refill or self.has_move_hook or touched.size() > 2:
            for j in self.uncover:
                self.turn_up(j)
        else:
            for t in touched:
                if t >= 0:
                    for j in self.under[t]:
                        self.turn_up(j)

    cdef inline void turn_up(self, int j) noexcept nogil:
        cdef int c = self.cnt[j], z
        if c > 0 and self.dn[j] == c:
            for z in self.covering[j]:
                if self.cnt[z] > 0:
                    return
            self.dn[j] = c - 1

    cdef void collect(self, vector[int]& touched) noexcept nogil:
        cdef vector[int] barren
        cdef int f, rule, t, run, seen
        cdef bint found, in_touched, skip
        for f in self.collectors:
            if self.cnt[f] > 0:
                continue
            rule = self.collect_t[f]
            skip = False
            for seen in barren:
                if seen == rule:
                    skip = True
            if skip:
                continue
            found = False
            for t in self.tableau:
                in_touched = False
                for seen in touched:
                    if seen == t:
                        in_touched = True
                if not in_touched:
                    continue
                run = self.complete_run(t, rule)
                if run:
                    memcpy(&self.cd[f * STRIDE], &self.cd[t * STRIDE + self.cnt[t] - run], run)
                    self.cnt[f] = run
                    self.dn[f] = 0
                    self.take_off(t, run)
                    barren.clear()
                    found = True
                    break
            if not found:
                barren.push_back(rule)

    cdef int complete_run(self, int t, int rule) noexcept nogil:
        cdef int c = self.cnt[t], top, length, k
        if c == 0:
            return 0
        top = self.cd[t * STRIDE + c - 1]
        if self.rank[top] != 1:
            return 0
        length = self.king[top]
        if c - self.dn[t] < length:
            return 0
        cdef uint8_t* run = &self.cd[t * STRIDE + c - length]
        if self.rank[run[0]] != self.king[run[0]]:
            return 0
        cdef const uint8_t* table = <const uint8_t*>self.tables[rule].data()
        for k in range(length - 1):
            if not table[run[k] * self.size + run[k + 1]]:
                return 0
        return length

    # --- what the search reads -------------------------------------------------------------
    cdef bint won(self, const string& p) noexcept nogil:
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef int j, total = 0
        self.offsets(b, off)
        if self.empty_to_win.size():
            for j in self.empty_to_win:
                if b[off[j]]:
                    return False
            return True
        for j in self.foundations:
            total += b[off[j]]
        return total == self.win_count

    cdef string fresh(self, const string& p) noexcept nogil:
        """``Model._fresh``: a split of the stock and waste a fresh pass reaches, keyed as
        the stock before a pass, all of it in the stock."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef string ends
        cdef int si = self.stock, w = self.waste, drawn, sc, k
        self.offsets(b, off)
        drawn, sc = b[off[w]], b[off[si]]
        if drawn == 0 or (drawn % self.draw_count and sc > 0):
            return p
        ends.push_back(<char>(drawn + sc))
        ends.push_back(<char>(drawn + sc))
        ends.append(<const char*>&b[off[si] + 2], sc)
        for k in range(drawn):
            ends.push_back(<char>b[off[w] + 1 + drawn - k])
        ends.push_back(0)
        ends.push_back(0)
        ends.append(<const char*>&b[off[self.nz]], 2)
        return self.splice(p, ends)

    cdef string key(self, const string& given) noexcept nogil:
        """``Model.key``, as bytes: positions with equal keys have equal Python keys."""
        cdef string p
        if self.redeals < 0 and self.stock_lines:
            p = self.fresh(given)
        else:
            p = given
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef string out
        cdef string part
        cdef int z, c, k, o
        cdef bint dealt
        cdef vector[int]* alone
        cdef vector[vector[int]]* groups
        self.offsets(b, off)
        if self.plain_key:
            if self.redeals < 0:
                out = p
                out[out.size() - 1] = 0
                out[out.size() - 2] = 0
                return out
            return p
        dealt = self.has_keying_dealt and b[off[self.stock]] == 0
        alone = NULL
        groups = NULL
        if dealt:
            alone = &self.dealt_alone
            groups = &self.dealt_groups
        elif self.has_keying:
            alone = &self.keying_alone
            groups = &self.keying_groups
        if alone == NULL:
            for z in range(self.nz):
                self.key_zone(b, off[z], z, out)
            self.key_redeals(b, off, out)
            return out
        for z in alone[0]:
            if z == self.nz:
                self.key_redeals(b, off, out)
            else:
                self.key_zone(b, off[z], z, out)
        cdef int starts[MAXZ + 1]
        cdef int order[MAXZ]
        cdef int count, m, q, t
        for k in range(<int>groups.size()):  # each group's zones written in sorted order
            part.clear()
            count = <int>groups[0][k].size()
            for m in range(count):
                starts[m] = <int>part.size()
                self.key_zone(b, off[groups[0][k][m]], groups[0][k][m], part)
                order[m] = m
            starts[count] = <int>part.size()
            for m in range(1, count):  # insertion sort: a group has a few zones
                t = order[m]
                q = m - 1
                while q >= 0 and self.zone_less(part, starts, t, order[q]):
                    order[q + 1] = order[q]
                    q -= 1
                order[q + 1] = t
            for m in range(count):
                out.append(part, starts[order[m]], starts[order[m] + 1] - starts[order[m]])
        return out

    cdef inline bint zone_less(self, const string& part, const int* starts, int a, int b) noexcept nogil:
        """Whether the keyed zone ``a`` of ``part`` sorts before ``b`` (bytes in order)."""
        cdef int la = starts[a + 1] - starts[a], lb = starts[b + 1] - starts[b]
        cdef int r = memcmp(part.data() + starts[a], part.data() + starts[b], la if la < lb else lb)
        return r < 0 or r == 0 and la < lb

    cdef inline void key_redeals(self, const uint8_t* b, const int* off, string& out) noexcept nogil:
        if self.redeals < 0:
            out.push_back(0)
            out.push_back(0)
        else:
            out.push_back(<char>b[off[self.nz]])
            out.push_back(<char>b[off[self.nz] + 1])

    cdef inline void key_zone(self, const uint8_t* b, int o, int z, string& out) noexcept nogil:
        cdef int c = b[o], k
        if self.is_tops[z]:
            out.push_back(<char>c)
            out.push_back(<char>b[o + 1])
            out.push_back(<char>(self.classes[b[o + 1 + c]] if c and self.has_classes else (b[o + 1 + c] if c else 0)))
            return
        out.push_back(<char>c)
        out.push_back(<char>b[o + 1])
        if self.has_classes:
            for k in range(c):
                out.push_back(self.classes[b[o + 2 + k]])
        else:
            out.append(<const char*>&b[o + 2], c)

    cdef int progress(self, const string& p, int free_weight) noexcept nogil:
        """``Model._progress``."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef int j, o, c, hidden = 0, free = 0, buried = 0, jumbled = 0, won = 0, to_deal = 0, depth, k, f, rt
        cdef M256 needed
        cdef const uint8_t* run
        self.offsets(b, off)
        cdef int cells, cols
        for j in range(self.nz):
            if j != self.stock:
                hidden += b[off[j] + 1]
        self.free_places(b, off, &cells, &cols)
        free = cells + cols
        if self.empty_to_win.size():
            for j in self.empty_to_win:
                won += b[off[j]]
            return -4 * won - 2 * hidden + free
        m_clear(needed)
        for k in range(<int>self.foundations.size()):
            f = self.foundations[k]
            o = off[f]
            if b[o] == 0:
                for j in range(4):
                    needed.w[j] |= self.next_starts[k].w[j]
            else:
                for j in range(4):
                    needed.w[j] |= self.next_ups[k][b[o + 1 + b[o]]].w[j]
        for j in self.tableau:
            o = off[j]
            c = b[o]
            for depth in range(1, c + 1):
                if m_has(needed, b[o + 2 + c - depth]):
                    buried += depth - 1
            rt = self.run_t[j]
            if rt >= 0:
                run = <const uint8_t*>self.tables[rt].data()
                for k in range(b[o + 1] + 1, c):
                    if not run[b[o + 1 + k] * self.size + b[o + 2 + k]]:
                        jumbled += 1
        if self.waste >= 0 and self.last_pass(b[off[self.nz]] | b[off[self.nz] + 1] << 8):
            if b[off[self.waste]] > 1:
                jumbled += b[off[self.waste]] - 1
        if self.targets.size() > 1:
            to_deal = b[off[self.stock]]
        for j in self.foundations:
            won += b[off[j]]
        return 4 * won - 2 * hidden + free_weight * free - buried - 3 * (jumbled + to_deal)

    cdef bint dead_end(self, const string& p) noexcept nogil:
        """``Model.dead_end``: ``_unpaired`` where cards leave in pairs, ``_unhosted`` or
        ``_too_few_starts`` where the game is won by emptying zones, else ``stuck``."""
        if self.has_paired:
            return self.unpaired(p)
        if self.has_hosted:
            return self.has_hosts and self.unhosted(p) or self.has_chained and self.too_few_starts(p)
        return self.stuck(p)

    cdef bint unhosted(self, const string& p) noexcept nogil:
        """``Model._unhosted``: a card no empty place takes whose every host lies buried."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef M256 buried, gone
        cdef int j, k, c, x, w
        cdef bint free
        self.offsets(b, off)
        m_clear(buried)
        for j in self.tops_only:
            c = b[off[j]]
            for k in range(c - 1):
                m_set(buried, b[off[j] + 2 + k])
        for j in self.hosted_zones:
            gone = buried
            c = b[off[j]]
            for k in range(c):
                x = b[off[j] + 2 + k]
                if not self.hosted_loose[x]:
                    free = False
                    for w in range(4):
                        if self.hosts[x].w[w] & ~gone.w[w]:
                            free = True
                    if not free:
                        return True
                m_set(gone, x)
        return False

    cdef bint too_few_starts(self, const string& p) noexcept nogil:
        """``Model._too_few_starts``: the stock cannot begin the chains the cards left need."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef vector[int] cards, starts, near
        cdef vector[M256] groups
        cdef M256 present, todo, group, more_cards, low
        cdef int j, k, c, x, w, top, balance, count, chains, needed = 0, more = 0, fewer = 0, against, bit, pos_side
        cdef int neg_starts = 0, pos_starts = 0
        cdef bint any_present = False, linked
        self.offsets(b, off)
        if self.draw_count != 1 or not self.last_pass(b[off[self.nz]] | b[off[self.nz] + 1] << 8):
            return False
        if b[off[self.waste]] == 0:
            return False
        top = b[off[self.waste] + 1 + b[off[self.waste]]]
        m_clear(present)
        for j in self.hosted_zones:
            for k in range(b[off[j]]):
                x = b[off[j] + 2 + k]
                cards.push_back(x)
                m_set(present, x)
                any_present = True
        if not any_present:
            return False
        # the groups of linked cards among those present (``derived._groups``)
        todo = present
        while todo.w[0] | todo.w[1] | todo.w[2] | todo.w[3]:
            m_clear(group)
            for w in range(4):  # the lowest card left
                if todo.w[w]:
                    bit = w * 64 + count_trailing(todo.w[w])
                    break
            m_set(group, bit)
            low = group
            while low.w[0] | low.w[1] | low.w[2] | low.w[3]:
                m_clear(more_cards)
                for x in range(self.size):
                    if m_has(low, x):
                        for w in range(4):
                            more_cards.w[w] |= self.links[x].w[w] & present.w[w] & ~group.w[w]
                for w in range(4):
                    group.w[w] |= more_cards.w[w]
                low = more_cards
            groups.push_back(group)
            for w in range(4):
                todo.w[w] &= ~group.w[w]
        for k in range(1, 1 + b[off[self.stock]]):
            x = b[off[self.stock] + 1 + k]
            if not self.chain_ends[x]:
                starts.push_back(x)
        linked = False
        for w in range(4):
            if self.links[top].w[w] & present.w[w]:
                linked = True
        if not self.chain_ends[top] and linked:
            starts.push_back(top)
        for g in range(<int>groups.size()):
            balance = count = 0
            for x in cards:
                if m_has(groups[g], x):
                    balance += self.sides[x]
                    count += self.chain_ends[x]
            chains = 1
            if abs(balance) > chains:
                chains = abs(balance)
            if count > chains:
                chains = count
            near.clear()
            for x in starts:
                linked = False
                for w in range(4):
                    if self.links[x].w[w] & groups[g].w[w]:
                        linked = True
                if linked:
                    near.push_back(x)
            against = 0
            for x in near:
                if self.sides[x] * balance < 0:
                    against += 1
            if chains > <int>near.size() or abs(balance) > against:
                return True
            needed += chains
            more += balance if balance > 0 else 0
            fewer += -balance if balance < 0 else 0
        for x in starts:
            if self.sides[x] < 0:
                neg_starts += 1
            elif self.sides[x] > 0:
                pos_starts += 1
        return needed > <int>starts.size() or more > neg_starts or fewer > pos_starts

    cdef bint unpaired(self, const string& p) noexcept nogil:
        """``Model._unpaired``: a card of a zone to empty whose partners are all gone up or
        lie in its zone or in zones over or under it."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef M256 gone, mask, free
        cdef M256 cards[MAXZ]
        cdef M256 over[MAXZ]
        cdef M256 under[MAXZ]
        cdef int f, k, j, q, x, w, e
        cdef bint has
        self.offsets(b, off)
        m_clear(gone)
        for f in self.foundations:
            for k in range(b[off[f]]):
                m_set(gone, b[off[f] + 2 + k])
        for q in range(<int>self.order_zones.size()):
            j = self.order_zones[q]
            m_clear(cards[j])
            for k in range(b[off[j]]):
                m_set(cards[j], b[off[j] + 2 + k])
        for q in range(<int>self.order_zones.size()):
            j = self.order_zones[q]
            m_clear(mask)
            for e in self.order_near[q]:
                for w in range(4):
                    mask.w[w] |= cards[e].w[w] | over[e].w[w]
            over[j] = mask
        for q in range(<int>self.order_zones.size() - 1, -1, -1):
            j = self.order_zones[q]
            m_clear(mask)
            for e in self.order_below[q]:
                for w in range(4):
                    mask.w[w] |= cards[e].w[w] | under[e].w[w]
            under[j] = mask
            if self.order_test[q] and b[off[j]]:
                for w in range(4):
                    free.w[w] = ~(mask.w[w] | over[j].w[w] | cards[j].w[w] | gone.w[w])
                for k in range(b[off[j]]):
                    x = b[off[j] + 2 + k]
                    if not self.alone[x]:
                        has = False
                        for w in range(4):
                            if self.partners[x].w[w] & free.w[w]:
                                has = True
                        if not has:
                            return True
        return False

    cdef bint stuck(self, const string& p) noexcept nogil:
        """``Model._stuck_anywhere``: a card that can never move."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef int j, o, c, k, x, prev, lift, rt, w
        cdef M256 under
        cdef bint carried, inside
        self.offsets(b, off)
        for j in self.blocking_zones:
            o = off[j]
            c = b[o]
            if c < 2:
                continue
            m_clear(under)
            lift = self.lift[j]
            rt = self.run_t[j]
            for k in range(c):
                x = b[o + 2 + k]
                if self.below[x] and m_has(under, self.below[x]) and not self.loose[x]:
                    inside = True
                    for w in range(4):
                        if self.parents[x].w[w] & ~under.w[w]:
                            inside = False
                    if inside:
                        carried = False
                        if k > b[o + 1]:
                            prev = b[o + 1 + k]
                            carried = lift == LANY or lift != LTOP and rt >= 0 and \
                                (<const uint8_t*>self.tables[rt].data())[prev * self.size + x]
                        if not carried:
                            return True
                m_set(under, x)
        return False

    cdef int drop_refused(self, const uint8_t* b, const int* off, int j, int first, int n, int src) noexcept nogil:
        """``RuleSet.drop``: 0, or the rule that refuses (the game's hooks asked as there)."""
        cdef int o = off[j], c = b[o], rt, refused = 0, cells, cols
        if n > 1 and self.one[j]:
            return 11
        if c == 0:
            rt = self.empty_r[j]
            if rt < 0:
                refused = 12
            elif src >= 0 and self.barred[src * self.nz + j]:
                return 13
            elif not (<const uint8_t*>self.tables[rt].data())[first]:
                refused = 14
        elif b[o + 1] == c:
            return 15
        else:
            rt = self.build_t[j]
            if rt < 0:
                refused = 16
            elif not (<const uint8_t*>self.tables[rt].data())[b[o + 1 + c] * self.size + first]:
                refused = 17
        if refused:
            if not self.has_permit_hook:
                return refused
            return self.hook_permit(b, off, j, first, n, src, refused)
        if n > 1 and self.supermove:
            self.free_places(b, off, &cells, &cols)
            if n > (cells + 1) << (cols - (1 if c == 0 and self.is_tableau[j] else 0)):
                return 18
        if self.has_drop_hook:
            return self.hook_drop(b, off, j, first, n, src)
        return 0

    # --- the game's hooks, in Python ----------------------------------------------------
    cdef object at(self, const uint8_t* b, const int* off):
        """The position as the game's hooks read it (``ruleset.Position``), the last one kept."""
        cdef string p = string(<const char*>b, off[self.nz] + 2)
        if self.at_obj is None or p != self.at_key:
            self.at_key = p
            self.at_obj = Position(self.model, self.decode(p))
        return self.at_obj

    cdef void failed(self, exc) noexcept:
        """A hook raised: the search stops there and raises it (``KernelSearch.check_hooks``)."""
        if self.error is None:
            self.error = exc

    cdef int hook_lift(self, const uint8_t* b, const int* off, int i, int n) noexcept with gil:
        try:
            return 1 if self.lift_hook(self.at(b, off), i, n) else 0
        except BaseException as exc:
            self.failed(exc)
            return 1

    cdef int hook_drop(self, const uint8_t* b, const int* off, int j, int first, int n, int src) noexcept with gil:
        try:
            return 1 if self.drop_hook(self.at(b, off), j, self.cards[first], n, src) else 0
        except BaseException as exc:
            self.failed(exc)
            return 1

    cdef int hook_permit(self, const uint8_t* b, const int* off, int j, int first, int n, int src,
                         int refused) noexcept with gil:
        try:
            permitted = self.permit_hook(self.at(b, off), j, self.cards[first], n, src)
        except BaseException as exc:
            self.failed(exc)
            return refused
        return 0 if permitted is True else (1 if permitted else refused)

    cdef int hook_pair(self, const uint8_t* b, const int* off, int i, int j) noexcept with gil:
        try:
            return 1 if self.pair_hook(self.at(b, off), i, j) else 0
        except BaseException as exc:
            self.failed(exc)
            return 1

    cdef int hook_deal(self, const string& p, int card) noexcept with gil:
        """Where the game's ``dealt_to`` puts the stock's top card."""
        try:
            return self.deal_hook(Position(self.model, self.decode(p)), self.cards[card])
        except BaseException as exc:
            self.failed(exc)
            return self.tableau[0]

    cdef void hook_moved(self, int i, int j, int n) noexcept with gil:
        """What the game's ``moved`` makes of a move, written into the work buffer."""
        cdef int k, m
        try:
            changes = self.move_hook(Position(self.model, self.decode(self.store())), i, j, n)
            if changes:
                code = self.model.code
                for k, pile in changes.items():
                    self.cnt[k] = len(pile.cards)
                    self.dn[k] = pile.down
                    for m, card in enumerate(pile.cards):
                        self.cd[k * STRIDE + m] = code[card]
        except BaseException as exc:
            self.failed(exc)

    cdef bint hook_safe(self, const string& p, int card) noexcept with gil:
        """The game's own ``is_safe`` (``Model._own_safe``)."""
        try:
            return bool(self.model._own_safe(card, self.decode(p)))
        except BaseException as exc:
            self.failed(exc)
            return False

    cdef bint safe(self, const string& p, const int* changed, int nchanged, Step* step, string& after) noexcept nogil:
        """``Model.safe``: a card going up that can never hurt; ``changed``: the ``nchanged``
        zones a line changed (``Model._changed``), or NULL for every zone that sends cards up."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef M256 wanted, up
        cdef int k, f, o, i, card, w
        cdef bint have_up = False, ok
        if not self.any_safe:
            return False
        self.offsets(b, off)
        m_clear(wanted)
        for k in range(<int>self.foundations.size()):
            f = self.foundations[k]
            o = off[f]
            for w in range(4):
                wanted.w[w] |= self.next_starts[k].w[w] if b[o] == 0 else self.next_ups[k][b[o + 1 + b[o]]].w[w]
        if not (wanted.w[0] | wanted.w[1] | wanted.w[2] | wanted.w[3]):
            return False
        cdef const int* zones = self.sends_up.data()
        cdef int count = <int>self.sends_up.size(), z
        if changed != NULL:
            zones, count = changed, nchanged
        for z in range(count):
            i = zones[z]
            o = off[i]
            if b[o] == 0 or not m_has(wanted, b[o + 1 + b[o]]) or b[o + 1] == b[o] or not self.in_sends_up[i]:
                continue
            card = b[o + 1 + b[o]]
            if self.covering[i].size() and not self.run_length(b, off, i):
                continue
            if self.own_safe:
                if not self.hook_safe(p, card):
                    continue
            elif not self.safe_up[card]:
                if not self.has_needs:
                    continue
                if not have_up:
                    m_clear(up)
                    for f in self.foundations:
                        if b[off[f]]:
                            for w in range(4):
                                up.w[w] |= self.chain_mask[b[off[f] + 1 + b[off[f]]]].w[w]
                    have_up = True
                ok = True
                for w in range(4):
                    if self.needs_mask[card].w[w] & ~up.w[w]:
                        ok = False
                if not ok:
                    continue
            for f in self.foundations:
                for w in self.receivers[i]:
                    if w == f:
                        if not self.drop_refused(b, off, f, card, 1, i):
                            step.i, step.j, step.n = i, f, 1
                            after.assign(self.play(p, i, f, 1))
                            return True
                        break
        return False

    cdef void lifts(self, const uint8_t* b, const int* off, int i, vector[int]& counts) noexcept nogil:
        """``RuleSet.lifts``: how many top cards may be lifted from zone ``i``."""
        cdef int n = self.run_length(b, off, i), k
        counts.clear()
        if self.lift[i] == LTOP_OR_ALL and 1 < n:
            counts.push_back(1)
            if n == b[off[i]]:
                counts.push_back(n)
        else:
            for k in range(1, n + 1):
                counts.push_back(k)
        if self.has_lift_hook and n:
            k = 0
            for n in counts:
                if not self.hook_lift(b, off, i, n):
                    counts[k] = n
                    k += 1
            counts.resize(k)

    cdef string splice(self, const string& p, const string& ends) noexcept nogil:
        """``p`` with its stock, waste and redeals those of ``ends`` (``drawn``'s splits)."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef const uint8_t* e = <const uint8_t*>ends.data()
        cdef int off[MAXZ + 1]
        cdef string out
        cdef int z, first = self.stock if self.stock < self.waste else self.waste
        cdef int second = self.waste if self.stock < self.waste else self.stock
        cdef int stock_len = 2 + e[0]
        self.offsets(b, off)
        out.reserve(p.size() + 64)
        for z in range(self.nz):
            if z == self.stock:
                out.append(<const char*>e, stock_len)
            elif z == self.waste:
                out.append(<const char*>&e[stock_len], 2 + e[stock_len])
            else:
                out.append(<const char*>&b[off[z]], 2 + b[off[z]])
        out.append(<const char*>&e[ends.size() - 2], 2)
        return out

    cdef vector[pair[int, string]]* drawn(self, const string& p) noexcept nogil:
        """``Model._drawn``: (draws, the stock, waste and redeals they reach) for each split
        of the stock and waste that draws alone reach from ``p``, once each; kept by the
        stock, waste and redeals they start from."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef string ends, at
        cdef int draws = 0, w = self.waste, si = self.stock
        cdef bint seen[257]
        self.offsets(b, off)
        ends.append(<const char*>&b[off[si]], 2 + b[off[si]])
        ends.append(<const char*>&b[off[w]], 2 + b[off[w]])
        ends.append(<const char*>&b[off[self.nz]], 2)
        found = self.split_cache.find(ends)
        if found != self.split_cache.end():
            return &deref(found).second
        if self.split_cache.size() > 2000:  # a few MB at most, beside the search's memory cap
            self.split_cache.clear()
        cdef vector[pair[int, string]]* splits = &self.split_cache[ends]
        for draws in range(257):
            seen[draws] = False
        seen[b[off[w]]] = True
        draws = 0
        at = p
        while True:
            b = <const uint8_t*>at.data()
            self.offsets(b, off)
            if self.draw_refused(b, off):
                break
            at = self.play(at, -1, -1, 0)
            draws += 1
            b = <const uint8_t*>at.data()
            self.offsets(b, off)
            if seen[b[off[w]]]:
                break
            seen[b[off[w]]] = True
            ends.clear()
            ends.append(<const char*>&b[off[si]], 2 + b[off[si]])
            ends.append(<const char*>&b[off[w]], 2 + b[off[w]])
            ends.append(<const char*>&b[off[self.nz]], 2)
            splits.push_back(pair[int, string](draws, ends))
        return splits

    cdef void waste_moves(self, vector[Move3]& found, const uint8_t* d, const int* doff,
                          vector[const uint8_t*]& rows0, vector[int]& rooms0, vector[Move3]& onto) noexcept nogil:
        """``Model._waste_moves``: the moves off or onto the waste of a split (``rows0`` and
        ``onto``: those of the position it was drawn from)."""
        cdef vector[const uint8_t*] rows = rows0
        cdef vector[int] rooms = rooms0
        cdef int w = self.waste, cells, cols
        cdef Move3 mv
        if self.takers[w]:
            self.free_places(d, doff, &cells, &cols)
            self.row(d, doff, w, True, cells, cols, &rows[w], &rooms[w])
        self.moves_from(found, d, doff, w, self.receivers[w], rows, rooms)
        cdef const uint8_t* takes = rows[w]
        cdef bint empty = d[doff[w]] == 0
        if takes != NULL:
            for o in onto:  # (zone, cards, first card) in (i, n, order)
                if takes[o.order] and o.n <= rooms[w] and not (empty and self.barred[o.i * self.nz + w]):
                    mv.order, mv.i, mv.j, mv.n = self.order(d, doff, o.i, w, o.n), o.i, w, o.n
                    found.push_back(mv)
        if self.pairs_t >= 0 and self.run_length(d, doff, w):
            self.pairs_among(found, d, doff, w, -1)
            self.pairs_among(found, d, doff, -1, w)

    cdef vector[Line] uses(self, const string& after, int i, int j, int n, vector[const uint8_t*]& rows0,
                           vector[int]& rooms0, vector[int]& lengths0, bint narrow) noexcept nogil:
        """``Model._uses``: the lines from ``after``, where ``n`` cards just went from zone
        ``i`` to ``j``, that use what that laid bare on ``i``."""
        cdef const uint8_t* a = <const uint8_t*>after.data()
        cdef int aoff[MAXZ + 1]
        cdef vector[const uint8_t*] rows = rows0
        cdef vector[int] rooms = rooms0
        cdef vector[int] lengths = lengths0
        cdef vector[Move3] found
        cdef vector[int] targets
        cdef vector[Line] out
        cdef Line line
        cdef int ci, top = 0, moved, bt, rt, k, q, ck, limit, room, w = self.waste, t, draws, wc, m
        cdef bint nar, carried, emptied
        cdef Line* lp
        cdef const uint8_t* takes
        self.offsets(a, aoff)
        self.row(a, aoff, i, False, 0, 0, &rows[i], &rooms[i])
        self.row(a, aoff, j, False, 0, 0, &rows[j], &rooms[j])
        lengths[j] = self.run_length(a, aoff, j)
        ci = a[aoff[i]]
        moved = a[aoff[j] + 2 + a[aoff[j]] - n]
        if ci:
            top = a[aoff[i] + 1 + ci]
        bt = self.build_t[i]
        nar = narrow and ci > 0 and bt >= 0 and (<const uint8_t*>self.tables[bt].data())[top * self.size + moved]
        if ci > 0:
            rt = self.run_t[i]
            carried = self.lift[i] == LANY or rt >= 0 and (<const uint8_t*>self.tables[rt].data())[top * self.size + moved]
            for t in self.receivers[i]:
                if (not carried or self.one[t]) and (not nar or self.is_found[t]):
                    targets.push_back(t)
            self.moves_from(found, a, aoff, i, targets, rows, rooms)
        takes = NULL
        room = 0
        if not nar:
            takes = rows[i]
            room = rooms[i]
        emptied = ci == 0
        cdef Move3 mv
        if takes != NULL:
            for k in self.givers[i]:
                if emptied and self.barred[k * self.nz + i]:
                    continue
                ck = a[aoff[k]]
                limit = lengths[k] if lengths[k] < room else room
                for q in range(1, limit + 1):
                    if takes[a[aoff[k] + 2 + ck - q]]:
                        mv.order, mv.i, mv.j, mv.n = self.order(a, aoff, k, i, q), k, i, q
                        found.push_back(mv)
        stable_sort(found.begin(), found.end(), order_less)
        out.reserve(found.size())
        for mv in found:
            out.resize(out.size() + 1)
            lp = &out.back()
            lp.d = 0
            lp.move.i, lp.move.j, lp.move.n = mv.i, mv.j, mv.n
            lp.pos = self.play(after, mv.i, mv.j, mv.n)
        cdef vector[pair[int, string]]* splits
        cdef string dpos
        cdef const uint8_t* d
        cdef int doff[MAXZ + 1]
        if self.stock_lines and takes != NULL and not (emptied and self.barred[w * self.nz + i]):
            splits = self.drawn(after)
            for k in range(<int>splits.size()):
                draws = splits[0][k].first
                dpos = self.splice(after, splits[0][k].second)
                d = <const uint8_t*>dpos.data()
                self.offsets(d, doff)
                wc = d[doff[w]]
                if self.lift[w] == LTOP and (wc == 0 or not takes[d[doff[w] + 1 + wc]]):
                    continue
                limit = self.run_length(d, doff, w)
                if room < limit:
                    limit = room
                for q in range(1, limit + 1):
                    if takes[d[doff[w] + 2 + wc - q]]:
                        out.resize(out.size() + 1)
                        lp = &out.back()
                        lp.d = draws
                        lp.move.i, lp.move.j, lp.move.n = w, i, q
                        lp.pos = self.play(dpos, w, i, q)
        return out

    cdef vector[Child] lines(self, const string& p, bint narrow) noexcept nogil:
        """``Model.lines``: every move; with stock lines, a draw only as part of a line of
        draws ending in a move off or onto the waste; where columns fold, a run moved off
        a face-up card or emptying its column only with a use of what it laid bare."""
        cdef const uint8_t* b = <const uint8_t*>p.data()
        cdef int off[MAXZ + 1]
        cdef int doff[MAXZ + 1]
        cdef vector[Child] out
        cdef vector[Cand] cands
        cdef vector[string] bases
        cdef vector[const uint8_t*] rows
        cdef vector[int] rooms
        cdef vector[int] lengths
        cdef vector[Move3] onto
        cdef vector[Move3] found
        cdef vector[int] counts
        cdef vector[Line] used
        cdef vector[pair[int, string]]* splits
        cdef Cand cand
        cdef Move3 o
        cdef Child* child
        cdef string after
        cdef M256 taken
        cdef const uint8_t* d
        cdef int w = self.waste, i, k, c, rest, first, base
        cdef bint use_taken, rows_ready = False
        self.offsets(b, off)
        found = self.moves(b, off)
        for mv in found:
            if mv.i < 0 and self.stock_lines:
                continue
            cand.order, cand.draws, cand.i, cand.j, cand.n, cand.base = mv.order, 0, mv.i, mv.j, mv.n, 0
            cands.push_back(cand)
        bases.push_back(p)
        if self.stock_lines:
            self.fill_rows(b, off, rows, rooms, True)
            rows_ready = True
            for i in self.into_waste:
                self.lifts(b, off, i, counts)
                for c in counts:
                    o.order, o.i, o.n = b[off[i] + 2 + b[off[i]] - c], i, c
                    onto.push_back(o)
            use_taken = self.lift[w] == LTOP and onto.empty() and self.pairs_t < 0
            if use_taken:
                m_clear(taken)
                for i in self.receivers[w]:
                    if rows[i] != NULL:
                        for c in range(1, self.size):
                            if rows[i][c]:
                                m_set(taken, c)
            splits = self.drawn(p)
            for k in range(<int>splits.size()):
                bases.push_back(self.splice(p, splits[0][k].second))
                d = <const uint8_t*>bases.back().data()
                self.offsets(d, doff)
                if use_taken and (d[doff[w]] == 0 or not m_has(taken, d[doff[w] + 1 + d[doff[w]]])):
                    bases.pop_back()
                    continue
                found.clear()
                self.waste_moves(found, d, doff, rows, rooms, onto)
                for mv in found:
                    cand.order, cand.draws, cand.i, cand.j, cand.n = mv.order, splits[0][k].first, mv.i, mv.j, mv.n
                    cand.base = <int>bases.size() - 1
                    cands.push_back(cand)
            stable_sort(cands.begin(), cands.end(), cand_less)
        out.reserve(cands.size())
        for cand in cands:
            after = self.play(bases[cand.base], cand.i, cand.j, cand.n)
            if cand.i >= 0 and self.fold_zone[cand.i] and self.fold_zone[cand.j]:
                rest = b[off[cand.i]] - cand.n
                if rest == 0 or rest > b[off[cand.i] + 1]:
                    if not rows_ready:
                        self.fill_rows(b, off, rows, rooms, True)
                        rows_ready = True
                    if lengths.empty():
                        for k in range(self.nz):
                            lengths.push_back(self.run_length(b, off, k))
                    used = self.uses(after, cand.i, cand.j, cand.n, rows, rooms, lengths, narrow)
                    for k in range(<int>used.size()):
                        out.resize(out.size() + 1)
                        child = &out.back()
                        child.steps.d1 = cand.draws
                        child.steps.m1.i, child.steps.m1.j, child.steps.m1.n = cand.i, cand.j, cand.n
                        child.steps.d2 = used[k].d
                        child.steps.m2 = used[k].move
                        child.steps.has2 = True
                        child.pos.swap(used[k].pos)
                        child.local = self.local_safe and not self.is_found[used[k].move.i] \
                            and not self.is_found[used[k].move.j]
                        child.nchanged = 4
                        child.changed[0], child.changed[1] = cand.i, cand.j
                        child.changed[2], child.changed[3] = used[k].move.i, used[k].move.j
                    continue
            out.resize(out.size() + 1)
            child = &out.back()
            child.steps.d1 = cand.draws
            child.steps.m1.i, child.steps.m1.j, child.steps.m1.n = cand.i, cand.j, cand.n
            child.steps.d2 = 0
            child.steps.has2 = False
            child.pos.swap(after)
            child.local = self.local_safe and (cand.i < 0 or cand.n > 0 and not self.is_found[cand.i]
                                               and not self.is_found[cand.j])
            child.nchanged = -1 if cand.i < 0 else 2
            child.changed[0], child.changed[1] = cand.i, cand.j
        return out

    # --- for the differential test: the same parts, from Python positions ------------------
    cdef object said(self, value):
        """``value``, unless a game's hook raised meanwhile: then what it raised."""
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        return value

    def py_moves(self, tuple pos):
        cdef string p = self.encode(pos)
        cdef int off[MAXZ + 1]
        self.offsets(<const uint8_t*>p.data(), off)
        return self.said([(m.order, m.i, m.j, m.n) for m in self.moves(<const uint8_t*>p.data(), off)])

    def py_play(self, tuple pos, int i, int j, int n):
        return self.decode(self.play(self.encode(pos), i, j, n))

    def py_lines(self, tuple pos, bint narrow=False):
        cdef vector[Child] children = self.lines(self.encode(pos), narrow)
        cdef size_t k
        cdef int z
        found = []
        for k in range(children.size()):
            c = &children[k]
            changed = None
            if c.local:
                changed = tuple(self.targets) if c.nchanged < 0 else tuple([c.changed[z] for z in range(c.nchanged)])
            found.append((tuple((s.i, s.j, s.n) for s in expand(c.steps)), self.decode(c.pos), changed))
        return self.said(found)

    def py_key(self, tuple pos):
        return bytes(self.key(self.encode(pos)))

    def py_won(self, tuple pos):
        return self.won(self.encode(pos))

    def py_dead_end(self, tuple pos):
        return self.has_dead_ends and self.dead_end(self.encode(pos))

    def py_progress(self, tuple pos, int free_weight):
        return self.progress(self.encode(pos), free_weight)

    def py_safe(self, tuple pos, changed=None):
        cdef Step s
        cdef string after
        cdef vector[int] zones
        if changed is not None:
            zones = list(changed)
        if not self.safe(self.encode(pos), zones.data() if changed is not None else NULL, <int>zones.size(), &s, after):
            return None
        return (s.i, s.j, s.n), self.decode(after)


cdef class KernelSearch:
    """``search._Search`` on the kernel: the same depth-first and best-first searches,
    budgets and resumption, over the kernel's positions."""

    cdef Kernel k
    cdef public object hooks, budget, seen, stopped
    cdef public long nodes
    cdef public bint table_full
    cdef object game
    cdef bint use_safe, use_dead, started_dfs, started_bf, have_pending, narrow
    cdef double deadline
    cdef long node_cap, table_cap, memory_cap, held
    cdef int countdown, weight
    cdef vector[Frame] stack
    cdef vector[vector[Step]] path
    cdef vector[string] node_pos
    cdef vector[long] node_parent
    cdef vector[vector[Step]] node_steps
    cdef priority_queue[pair[int64_t, int64_t]] heap
    cdef vector[Child] bf_children
    cdef size_t bf_next
    cdef long bf_parent
    cdef bint bf_open
    cdef string pending_pos
    cdef vector[Step] pending_steps
    cdef long pending_parent
    cdef object stop_reason

    def __init__(self, Kernel kernel, game, hooks, bint narrow, budget, stopped, double started, seen=None):
        self.k, self.game, self.hooks, self.stopped = kernel, game, hooks, stopped
        self.narrow = narrow
        self.use_safe = hooks.safe is not None
        self.use_dead = hooks.dead_end is not None and kernel.has_dead_ends
        self.nodes = 0
        self.countdown = 16
        self.seen = seen
        self.table_full = False
        self.held = 0  # bytes of the lines of the depth-first path and of the best-first queue
        self.started_dfs = self.started_bf = self.have_pending = False
        self.set_budget(budget, started, 0)

    cdef void set_budget(self, budget, double started, long used_elsewhere):
        self.budget = budget
        self.deadline = -1.0 if budget.seconds is None else started + budget.seconds
        self.node_cap = -1 if budget.nodes is None else budget.nodes - used_elsewhere
        self.table_cap = -1 if budget.table is None else budget.table
        self.memory_cap = -1 if getattr(budget, "memory", None) is None else budget.memory

    def extend(self, budget, double started, long used_elsewhere):
        self.set_budget(budget, started, used_elsewhere)

    def release(self):
        """``_Search.release``: its table dropped, its lines and queue freed."""
        cdef vector[Frame] no_frames
        cdef vector[vector[Step]] no_steps, no_node_steps
        cdef vector[string] no_positions
        cdef vector[long] no_parents
        cdef priority_queue[pair[int64_t, int64_t]] no_heap
        cdef vector[Child] no_children
        self.seen = None
        self.stack.swap(no_frames)
        self.path.swap(no_steps)
        self.node_pos.swap(no_positions)
        self.node_parent.swap(no_parents)
        self.node_steps.swap(no_node_steps)
        self.heap.swap(no_heap)
        self.bf_children.swap(no_children)
        self.have_pending = self.started_dfs = self.started_bf = self.bf_open = False
        self.held = 0

    @property
    def held_bytes(self):
        """The bytes of its depth-first lines and best-first queue (not its table's)."""
        return self.held

    @property
    def resumable(self):
        return (self.started_dfs or self.started_bf) and not self.table_full

    cdef Seen table(self):
        return <Seen>self.seen

    # --- the parts every search shares ----------------------------------------------------
    cdef void settle(self, string& pos, vector[Step]& steps, const Child* child) noexcept:
        """Play the safe lines until none is left (``_Search.settle``); ``child``: the line
        that led here, whose changed zones the first look is kept to, or NULL."""
        cdef Step s
        cdef string after
        cdef const int* zones = NULL
        cdef int count = 0
        if not self.use_safe:
            return
        if child != NULL and child.local:
            if child.nchanged < 0:
                zones = self.k.targets.data()
                count = <int>self.k.targets.size()
            else:
                zones = &child.changed[0]
                count = child.nchanged
        if self.k.safe(pos, zones, count, &s, after):
            steps.push_back(s)
            pos.swap(after)
            while self.k.safe(pos, NULL, 0, &s, after):
                steps.push_back(s)
                pos.swap(after)

    cdef int visit(self, const string& pos) except -1:
        """``_Search.visit``: GOING for a new position, EXHAUSTED for one seen, else a stop."""
        cdef Seen seen = self.table()
        cdef size_t size = seen.count
        cdef int entered
        if self.k.error is not None:
            self.hooks_said(None)
        if self.memory_cap >= 0:  # what the table may take: the cap less the search's own lines and queue
            entered = seen.insert(self.k.key(pos), max(1, self.memory_cap - self.held))
        else:
            entered = seen.insert(self.k.key(pos), 0)
        if entered == 0:
            return EXHAUSTED
        if entered == 2:
            self.table_full = True
            return STOP_TABLE
        if self.table_cap >= 0 and <long>size >= self.table_cap:
            self.table_full = True
            return STOP_TABLE
        self.nodes += 1
        if self.node_cap >= 0 and self.nodes > self.node_cap:
            return STOP_NODES
        self.countdown -= 1
        if self.countdown == 0:
            self.countdown = 16
            return self.check()
        return GOING

    cdef int check(self) except -1:
        with nogil:  # let other threads run (a table's hint worker): the search holds the GIL
            pass
        if self.stopped():
            return STOP_CANCEL
        if self.deadline >= 0 and now() > self.deadline:
            return STOP_TIME
        return GOING

    cdef raise_stop(self, int why):
        from .search import _Stop
        reasons = {STOP_TIME: "time budget", STOP_NODES: "node budget",
                   STOP_TABLE: "memory ceiling (transposition table full)", STOP_CANCEL: "cancelled"}
        raise _Stop(reasons[why])

    cdef object moves_of(self, const vector[Step]& steps):
        from ..moves import DRAW
        model = self.k.model
        return tuple(DRAW if s.i < 0 else model.move(s.i, s.j, s.n) for s in steps)

    cdef object answer_path(self):
        return [self.moves_of(steps) for steps in self.path]

    cdef bint dead(self, const string& pos) noexcept:
        return self.use_dead and self.k.dead_end(pos)

    # --- depth-first ------------------------------------------------------------------------
    cdef int begin(self, start, string& pos, vector[Step]& steps) except -1:
        """The start of a search, settled into ``pos`` and ``steps``, entered in the table:
        FOUND where it is won, EXHAUSTED where it is a dead end, else GOING."""
        pos = self.k.encode(start)
        self.settle(pos, steps, NULL)
        if self.k.won(pos):
            return FOUND
        if self.dead(pos):
            return EXHAUSTED
        if self.seen is None:
            self.seen = Seen()
        self.table().insert(self.k.key(pos), 0)
        return GOING

    cdef void checked(self) except *:
        cdef int why = self.check()
        if why != GOING:
            self.raise_stop(why)

    def _run(self, start):
        cdef string pos
        cdef vector[Step] steps
        cdef int begun = self.begin(start, pos, steps)
        if begun != GOING:
            return [self.moves_of(steps)] if begun == FOUND else None
        self.path.clear()
        self.path.push_back(steps)
        self.stack.clear()
        self.enter(pos)
        self.started_dfs = True
        self.checked()
        return self.resume()

    def run(self, start):
        return self.hooks_said(self._run(start))

    def resume(self):
        return self.hooks_said(self._resume())

    def run_best_first(self, start, progress=None):
        return self.hooks_said(self._run_best_first(start, progress))

    def resume_best_first(self):
        return self.hooks_said(self._resume_best_first())

    cdef object hooks_said(self, answer):
        """The answer, unless a game's hook raised meanwhile: then what it raised."""
        if self.k.error is not None:
            error, self.k.error = self.k.error, None
            raise error
        return answer

    def go_on(self, start):
        if self.started_bf:
            return self.resume_best_first()
        return self.run(start) if not self.started_dfs else self.resume()

    def _resume(self):
        cdef Frame* top
        cdef Child* child
        cdef string pos
        cdef vector[Step] steps
        cdef int why
        if self.have_pending:
            self.have_pending = False
            if self.k.won(self.pending_pos):
                self.path.push_back(self.pending_steps)
                return self.answer_path()
            if not self.dead(self.pending_pos):
                self.path.push_back(self.pending_steps)
                self.enter(self.pending_pos)
        while self.stack.size():
            top = &self.stack.back()
            if top.next == top.children.size():
                self.held -= top.bytes
                self.stack.pop_back()
                self.path.pop_back()
                continue
            child = &top.children[top.next]
            top.next += 1
            if self.take(child, pos, steps, -1) == EXHAUSTED:
                continue
            if self.k.won(pos):
                self.path.push_back(steps)
                return self.answer_path()
            if self.dead(pos):
                continue
            self.path.push_back(steps)
            self.enter(pos)
        return None

    cdef int take(self, Child* child, string& pos, vector[Step]& steps, long parent) except -1:
        """A line taken from a list: its position, settled, into ``pos`` and its steps into
        ``steps``; EXHAUSTED where the table had it; a stop keeps it to go on with."""
        pos.swap(child.pos)
        steps = expand(child.steps)
        self.settle(pos, steps, child)
        cdef int why = self.visit(pos)
        if why != GOING and why != EXHAUSTED:
            self.pending_pos.swap(pos)
            self.pending_steps.swap(steps)
            self.pending_parent = parent
            self.have_pending = True
            self.raise_stop(why)
        return why

    cdef void enter(self, const string& pos) noexcept:
        """A new frame of the depth-first search: the lines from ``pos``."""
        cdef vector[Child] children = self.k.lines(pos, self.narrow)
        self.stack.resize(self.stack.size() + 1)
        cdef Frame* top = &self.stack.back()  # a pointer: Cython copies what a reference returns
        top.children.swap(children)
        top.next = 0
        top.bytes = children_bytes(top.children)
        self.held += top.bytes

    # --- best-first ---------------------------------------------------------------------------
    def _run_best_first(self, start, progress=None):
        cdef string pos
        cdef vector[Step] steps
        self.weight = self.k.free_weight if progress is None or progress == self.hooks.progress else 1
        cdef int begun = self.begin(start, pos, steps)
        if begun != GOING:
            return [self.moves_of(steps)] if begun == FOUND else None
        self.node_pos.clear()
        self.node_parent.clear()
        self.node_steps.clear()
        self.node_pos.push_back(pos)
        self.node_parent.push_back(-1)
        self.node_steps.push_back(steps)
        self.heap.push(pair[int64_t, int64_t](0, 0))
        self.bf_open = False
        self.started_bf = True
        self.checked()
        return self.resume_best_first()

    def _resume_best_first(self):
        cdef Child* child
        cdef string pos
        cdef vector[Step] steps
        cdef int why
        cdef long index
        if self.have_pending:
            self.have_pending = False
            line = self.queue(self.pending_pos, self.pending_steps, self.pending_parent)
            if line is not None:
                return line
        while True:
            if not self.bf_open:
                if self.heap.empty():
                    return None
                index = self.heap.top().second
                self.heap.pop()
                self.held -= self.node_pos[index].capacity() + children_bytes(self.bf_children)
                self.bf_children = self.k.lines(self.node_pos[index], self.narrow)
                self.held += children_bytes(self.bf_children)
                self.node_pos[index] = string()  # what is left of it: its steps and parent
                self.bf_next = 0
                self.bf_parent = index
                self.bf_open = True
            while self.bf_next < self.bf_children.size():
                child = &self.bf_children[self.bf_next]
                self.bf_next += 1
                if self.take(child, pos, steps, self.bf_parent) == EXHAUSTED:
                    continue
                line = self.queue(pos, steps, self.bf_parent)
                if line is not None:
                    return line
            self.bf_open = False

    cdef object queue(self, string& pos, vector[Step]& steps, long parent):
        cdef long index
        if self.k.won(pos):
            parts = [self.moves_of(steps)]
            index = parent
            while index >= 0:
                parts.append(self.moves_of(self.node_steps[index]))
                index = self.node_parent[index]
            parts.reverse()
            return parts
        if not self.dead(pos):
            index = self.node_pos.size()
            self.held += pos.capacity() + steps.size() * sizeof(Step) + 96  # the node, its steps, its place
            self.heap.push(pair[int64_t, int64_t](self.k.progress(pos, self.weight), index))
            self.node_pos.push_back(pos)
            self.node_parent.push_back(parent)
            self.node_steps.push_back(steps)
        return None
