/* settle_random (solver.py) in C: a random grid's grade, the same answer as the Python
   stages, step for step (the same line order, probe order and swap search), so a book
   is the same bytes with or without this module. Grids up to 62 cells a side. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;
#define MAXN 62                /* n + 2 bits per line in line_full */
#define MAXRUNS 32

typedef struct { int k; int run[MAXRUNS]; } Clue;

typedef struct {
    int h, w;
    const Clue *rc, *cc;               /* row and column clues */
    u64 rf[MAXN], re[MAXN];            /* per row: shaded cells, empty cells (bit c) */
    u64 cf[MAXN], ce[MAXN];            /* per column: bit r */
} Board;

enum { SIMPLE = 0, FULL = 1 };

static inline int ctz(u64 x) { return __builtin_ctzll(x); }
static inline int bitlen(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline u64 ones(int n) { return n <= 0 ? 0 : n >= 64 ? ~(u64)0 : (((u64)1 << n) - 1); }

static void runs_of(u64 filled, Clue *out) {
    out->k = 0;
    while (filled) {
        filled >>= ctz(filled);
        int run = ctz(~filled);
        out->run[out->k++] = run;
        filled = run >= 64 ? 0 : filled >> run;
    }
}

static int same_runs(u64 filled, const Clue *clue) {
    Clue got;
    runs_of(filled, &got);
    if (got.k != clue->k) return 0;
    for (int i = 0; i < got.k; i++)
        if (got.run[i] != clue->run[i]) return 0;
    return 1;
}

/* lines.py _checked: 0 when the line is complete and its runs are not the clue's */
static int checked(const Clue *clue, int n, u64 filled, u64 empty, u64 *nf, u64 *ne) {
    if ((filled | empty) == ones(n) && !same_runs(filled, clue)) return 0;
    *nf = filled; *ne = empty;
    return 1;
}

/* lines.py _simple_once: each run on its own, and counting; 0 on a contradiction */
static int line_simple_once(const Clue *clue, int n, u64 filled, u64 empty, u64 *nf,
                            u64 *ne) {
    u64 cells = ones(n);
    int total = 0, k = clue->k;
    for (int j = 0; j < k; j++) total += clue->run[j];
    int shaded = popc(filled), unknown = n - popc(filled | empty);
    if (!unknown) {
        if (!same_runs(filled, clue)) return 0;
        *nf = filled; *ne = empty;
        return 1;
    }
    if (shaded > total || shaded + unknown < total) return 0;
    if (shaded == total) return checked(clue, n, filled, cells & ~filled, nf, ne);
    if (shaded + unknown == total) return checked(clue, n, cells & ~empty, empty, nf, ne);
    u64 open_cells = cells & ~empty, reach = 0, shade = 0, fit[MAXRUNS];
    int lo[MAXRUNS], hi[MAXRUNS];
    for (int j = 0; j < k; j++) {
        int size = clue->run[j];
        u64 window = open_cells;
        for (int t = 1; t < size; t++) window &= open_cells >> t;
        fit[j] = window & ~(filled << 1) & ~(filled >> size) & ones(n - size + 1);
    }
    int start = 0;
    for (int j = 0; j < k; j++) {
        int size = clue->run[j];
        u64 later = start < 64 ? fit[j] >> start : 0;
        if (later) lo[j] = start + ctz(later);
        else lo[j] = start > n - size + 1 ? start : n - size + 1;
        start = lo[j] + size + 1;
    }
    int end = n;
    for (int j = k - 1; j >= 0; j--) {
        int s = end - clue->run[j];
        if (s >= 0) s = bitlen(fit[j] & ones(s + 1)) - 1;
        hi[j] = s;
        end = s - 1;
    }
    for (int j = 0; j < k; j++) {
        int size = clue->run[j];
        if (hi[j] < lo[j]) return 0;
        u64 starts = fit[j] & ones(hi[j] + 1) & ~ones(lo[j]);
        if (!starts) return 0;
        int first = ctz(starts), last = bitlen(starts) - 1;
        if (last < first + size) shade |= ones(first + size) & ~ones(last);
        for (int t = 0; t < size; t++) reach |= starts << t;
    }
    if ((shade & empty) || (filled & ~reach)) return 0;
    return checked(clue, n, filled | shade, cells & (empty | ~reach), nf, ne);
}

/* lines.py _simple: line_simple_once until it changes nothing */
static int line_simple(const Clue *clue, int n, u64 filled, u64 empty, u64 *nf, u64 *ne) {
    for (;;) {
        if (!line_simple_once(clue, n, filled, empty, nf, ne)) return 0;
        if (*nf == filled && *ne == empty) return 1;
        filled = *nf; empty = *ne;
    }
}

/* lines.py _full: what every arrangement agreeing with the known cells agrees on, by
   the same shifts and ands over positions 0..n (n: a sentinel empty cell); 0 when no
   arrangement agrees */
static int line_full(const Clue *clue, int n, u64 filled, u64 empty, u64 *nf, u64 *ne) {
    int k = clue->k;
    u64 cells = ones(n), full = ones(n + 1);
    empty |= (u64)1 << n;
    u64 can_be_empty = full & ~filled, can_be_filled = full & ~empty;
    u64 windows[7], ok[MAXRUNS], back[MAXRUNS + 1];
    int longest = 1, levels = 1;
    for (int j = 0; j < k; j++) if (clue->run[j] > longest) longest = clue->run[j];
    windows[0] = can_be_filled;
    for (int span = 1; span * 2 <= longest; span *= 2, levels++)
        windows[levels] = windows[levels - 1] & (windows[levels - 1] >> span);
    for (int j = 0; j < k; j++) {
        int size = clue->run[j], power = bitlen((u64)size) - 1;
        u64 window = windows[power];
        ok[j] = window & (window >> (size - (1 << power))) & (can_be_empty >> size)
                & ones(n + 1 - size);
    }
    /* back[j]: positions from which runs j.. fit into cells p..n (a position reaches the
       one after it over an emptiable cell: doubling spans) */
    u64 fit = (u64)1 << (n + 1);
    back[0] = 0;
    for (int j = k; j >= 0; j--) {
        if (j < k) fit = ok[j] & (fit >> (clue->run[j] + 1));
        u64 skip = can_be_empty;
        for (int span = 1; span < 64; span *= 2) {
            fit |= skip & (fit >> span);
            skip &= skip >> span;
        }
        back[j] = fit;
    }
    if (!(back[0] & 1)) return 0;
    u64 could_fill = 0, could_empty = 0, at = 1;
    for (int j = 0; j <= k; j++) {
        u64 step = at & can_be_empty;
        u64 reach = (at | ((can_be_empty + step) ^ can_be_empty)) & back[j];
        could_empty |= reach & can_be_empty & (back[j] >> 1);
        if (j == k) break;
        int size = clue->run[j], span = 1;
        u64 starts = reach & ok[j] & (back[j + 1] >> (size + 1)), cover = starts;
        for (; span * 2 <= size; span *= 2) cover |= cover << span;
        could_fill |= cover | cover << (size - span);
        could_empty |= starts << size;
        at = starts << (size + 1);
    }
    if (cells & ~(could_fill | could_empty)) return 0;
    *nf = cells & could_fill & ~could_empty;
    *ne = cells & could_empty & ~could_fill;
    return 1;
}

typedef int (*LineSolver)(const Clue *, int, u64, u64, u64 *, u64 *);

/* solver.py _spread: lines until nothing changes, rows first, low to high; 0 on a
   contradiction */
static int spread(Board *b, int stage, u64 todo_rows, u64 todo_cols) {
    LineSolver solve = stage == SIMPLE ? line_simple : line_full;
    while (todo_rows || todo_cols) {
        while (todo_rows) {
            int r = ctz(todo_rows);
            todo_rows &= todo_rows - 1;
            u64 nf, ne;
            if (!solve(&b->rc[r], b->w, b->rf[r], b->re[r], &nf, &ne)) return 0;
            u64 shaded = nf & ~b->rf[r], empty = ne & ~b->re[r];
            if (!shaded && !empty) continue;
            b->rf[r] = nf; b->re[r] = ne;
            todo_cols |= shaded | empty;
            for (; shaded; shaded &= shaded - 1) b->cf[ctz(shaded)] |= (u64)1 << r;
            for (; empty; empty &= empty - 1) b->ce[ctz(empty)] |= (u64)1 << r;
        }
        while (todo_cols) {
            int c = ctz(todo_cols);
            todo_cols &= todo_cols - 1;
            u64 nf, ne;
            if (!solve(&b->cc[c], b->h, b->cf[c], b->ce[c], &nf, &ne)) return 0;
            u64 shaded = nf & ~b->cf[c], empty = ne & ~b->ce[c];
            if (!shaded && !empty) continue;
            b->cf[c] = nf; b->ce[c] = ne;
            todo_rows |= shaded | empty;
            for (; shaded; shaded &= shaded - 1) b->rf[ctz(shaded)] |= (u64)1 << c;
            for (; empty; empty &= empty - 1) b->re[ctz(empty)] |= (u64)1 << c;
        }
    }
    return 1;
}

static int solved(const Board *b) {
    u64 cells = ones(b->w);
    for (int r = 0; r < b->h; r++)
        if ((b->rf[r] | b->re[r]) != cells) return 0;
    return 1;
}

/* solver.py _fits: `rows` (the solution with the cells `moved` flipped) fits the clues
   of the lines that changed */
static int fits(const Board *b, const u64 *rows, const int *moved_rows, const u64 *moved,
                int count) {
    if (!count) return 0;
    u64 changed_cols = 0;
    for (int i = 0; i < count; i++) {
        if (!same_runs(rows[moved_rows[i]], &b->rc[moved_rows[i]])) return 0;
        changed_cols |= moved[i];
    }
    for (; changed_cols; changed_cols &= changed_cols - 1) {
        int c = ctz(changed_cols);
        u64 column = 0;
        for (int r = 0; r < b->h; r++)
            if (rows[r] >> c & 1) column |= (u64)1 << r;
        if (!same_runs(column, &b->cc[c])) return 0;
    }
    return 1;
}

/* solver.py _completed: the grid a held assumption reached, its open cells as in the
   solution, fits every clue: a second solution, written to `other` */
static int completed(const Board *trial, const u64 *solution, u64 *other) {
    int moved_rows[MAXN], count = 0;
    u64 moved[MAXN];
    for (int r = 0; r < trial->h; r++) {
        other[r] = solution[r];
        u64 wrong = (trial->rf[r] & ~solution[r]) | (trial->re[r] & solution[r]);
        if (wrong) {
            other[r] ^= wrong;
            moved_rows[count] = r;
            moved[count++] = wrong;
        }
    }
    return fits(trial, other, moved_rows, moved, count);
}

/* solver.py _swapped: a second solution by swapping the open corners of a rectangle */
static int swapped(const Board *b, const u64 *solution, u64 *other) {
    u64 cells = ones(b->w), open[MAXN];
    int which[MAXN], count = 0, total = 0;
    for (int r = 0; r < b->h; r++) {
        u64 found = cells & ~(b->rf[r] | b->re[r]);
        if (found) { which[count] = r; open[count++] = found; total += popc(found); }
    }
    if (total > 60) return 0;                      /* SWAP_SEARCH */
    for (int i = 0; i < count; i++) {
        int r1 = which[i];
        for (int i2 = i + 1; i2 < count; i2++) {
            int r2 = which[i2];
            u64 corners = open[i] & open[i2] & (solution[r1] ^ solution[r2]);
            for (u64 a = corners; a; a &= a - 1) {
                u64 one = a & -a;
                for (u64 rest = a & (a - 1); rest; rest &= rest - 1) {
                    u64 pair = one | (rest & -rest);
                    if (popc(solution[r1] & pair) != 1) continue;
                    memcpy(other, solution, sizeof(u64) * b->h);
                    other[r1] ^= pair;
                    other[r2] ^= pair;
                    int moved_rows[2] = {r1, r2};
                    u64 moved[2] = {pair, pair};
                    if (fits(b, other, moved_rows, moved, 2)) return 1;
                }
            }
        }
    }
    return 0;
}

/* solver.py Board.probe with the solution known: 1 done (solved or stalled), 0 a second
   solution found (in `other`), -1 a contradiction */
static int probe(Board *b, const u64 *solution, u64 *other) {
    int h = b->h, w = b->w;
    u64 cells = ones(w);
    int progress = 1;
    static Board trial;
    while (progress && !solved(b)) {
        progress = 0;
        u64 implied_f[MAXN] = {0}, implied_e[MAXN] = {0};
        /* the open cells, those whose row and column have the fewest open cells first
           (a stable sort: row-major among equals) */
        int open_rows[MAXN], open_cols[MAXN], count = 0;
        static int cell[MAXN * MAXN], key[MAXN * MAXN], order[MAXN * MAXN];
        int starts[2 * MAXN + 2] = {0};
        for (int r = 0; r < h; r++) open_rows[r] = w - popc(b->rf[r] | b->re[r]);
        for (int c = 0; c < w; c++) open_cols[c] = h - popc(b->cf[c] | b->ce[c]);
        for (int r = 0; r < h; r++)
            for (u64 u = cells & ~(b->rf[r] | b->re[r]); u; u &= u - 1) {
                int c = ctz(u);
                cell[count] = r * MAXN + c;
                key[count] = open_rows[r] + open_cols[c];           /* 2 .. 2 MAXN */
                starts[key[count] + 1]++;
                count++;
            }
        for (int k = 1; k <= 2 * MAXN + 1; k++) starts[k] += starts[k - 1];
        for (int i = 0; i < count; i++) order[starts[key[i]]++] = cell[i];
        for (int i = 0; i < count; i++) {
            int r = order[i] / MAXN, c = order[i] % MAXN;
            u64 bit = (u64)1 << c;
            if ((b->rf[r] | b->re[r]) & bit) continue;
            int shade = !(solution[r] & bit);         /* assume what the solution has not */
            if ((shade ? implied_f[r] : implied_e[r]) & bit) continue;
            trial = *b;
            if (shade) { trial.rf[r] |= bit; trial.cf[c] |= (u64)1 << r; }
            else { trial.re[r] |= bit; trial.ce[c] |= (u64)1 << r; }
            if (!spread(&trial, FULL, (u64)1 << r, (u64)1 << c)) {
                if (shade) { b->re[r] |= bit; b->ce[c] |= (u64)1 << r; }
                else { b->rf[r] |= bit; b->cf[c] |= (u64)1 << r; }
                if (!spread(b, FULL, (u64)1 << r, (u64)1 << c)) return -1;
                progress = 1;
                memset(implied_f, 0, sizeof implied_f);
                memset(implied_e, 0, sizeof implied_e);
                continue;
            }
            if (completed(&trial, solution, other)) return 0;
            for (int r2 = 0; r2 < h; r2++) {
                implied_f[r2] |= trial.rf[r2];
                implied_e[r2] |= trial.re[r2];
            }
        }
    }
    return 1;
}

static PyObject *cells_of(const Board *b, const u64 *rows, const u64 *solution) {
    /* the cells where `rows` differ from `solution` (solution NULL: the open cells) */
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int r = 0; r < b->h; r++) {
        u64 found = solution ? rows[r] ^ solution[r] : ones(b->w) & ~(b->rf[r] | b->re[r]);
        for (; found; found &= found - 1) {
            PyObject *cell = Py_BuildValue("(ii)", r, ctz(found));
            if (!cell || PyList_Append(out, cell) < 0) {
                Py_XDECREF(cell);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(cell);
        }
    }
    return out;
}

static PyObject *answer(int stage, PyObject *cells) {
    if (!cells) return NULL;
    PyObject *out = stage < 0 ? Py_BuildValue("(OO)", Py_None, cells)
                              : Py_BuildValue("(iO)", stage, cells);
    Py_DECREF(cells);
    return out;
}

/* settle(rows, width, asked) -> (stage index or None, cells): solver.settle_random */
static PyObject *settle(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *seq;
    int w, asked;
    if (!PyArg_ParseTuple(args, "Oii", &seq, &w, &asked)) return NULL;
    PyObject *fast = PySequence_Fast(seq, "rows: a sequence of ints");
    if (!fast) return NULL;
    Py_ssize_t h = PySequence_Fast_GET_SIZE(fast);
    if (h < 1 || h > MAXN || w < 1 || w > MAXN) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "grids are 1 to 62 cells a side");
        return NULL;
    }
    static Board b;
    static Clue row_clues[MAXN], col_clues[MAXN];
    u64 solution[MAXN], other[MAXN];
    memset(&b, 0, sizeof b);
    b.h = (int)h; b.w = w;
    b.rc = row_clues; b.cc = col_clues;
    for (Py_ssize_t r = 0; r < h; r++) {
        solution[r] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, r));
        if (PyErr_Occurred()) { Py_DECREF(fast); return NULL; }
        solution[r] &= ones(w);
        runs_of(solution[r], &row_clues[r]);
    }
    Py_DECREF(fast);
    for (int c = 0; c < w; c++) {
        u64 column = 0;
        for (int r = 0; r < h; r++) if (solution[r] >> c & 1) column |= (u64)1 << r;
        runs_of(column, &col_clues[c]);
    }
    u64 all_rows = ones(b.h), all_cols = ones(w);
    if (asked == 2) {
        spread(&b, FULL, all_rows, all_cols);
        if (solved(&b)) return answer(1, PyList_New(0));
        if (swapped(&b, solution, other)) return answer(-1, cells_of(&b, other, solution));
        int found = probe(&b, solution, other);
        if (found < 0) {
            PyErr_SetString(PyExc_ValueError, "the clues contradict themselves");
            return NULL;
        }
        if (found == 0) return answer(-1, cells_of(&b, other, solution));
        return answer(solved(&b) ? 2 : -1, PyList_New(0));
    }
    spread(&b, SIMPLE, all_rows, all_cols);
    if (solved(&b)) return answer(0, PyList_New(0));
    if (asked == 1) {
        spread(&b, FULL, all_rows, all_cols);
        if (solved(&b)) return answer(1, PyList_New(0));
    }
    return answer(-1, cells_of(&b, NULL, NULL));
}

/* line(clue, n, shaded, empty, stage) -> (shaded, empty) or None on a contradiction:
   lines.py's stages on one line (tests) */
static PyObject *line(PyObject *self, PyObject *args) {
    PyObject *seq;
    int n, stage;
    unsigned long long shaded, empty;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiKKi", &seq, &n, &shaded, &empty, &stage)) return NULL;
    if (n < 1 || n > MAXN) {
        PyErr_SetString(PyExc_ValueError, "lines are 1 to 62 cells");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(seq, "clue: a sequence of ints");
    if (!fast) return NULL;
    Clue clue;
    clue.k = (int)PySequence_Fast_GET_SIZE(fast);
    if (clue.k > (n + 1) / 2) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "more runs than the line holds");
        return NULL;
    }
    for (int j = 0; j < clue.k; j++)
        clue.run[j] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, j));
    Py_DECREF(fast);
    if (PyErr_Occurred()) return NULL;
    for (int j = 0; j < clue.k; j++)
        if (clue.run[j] < 1 || clue.run[j] > n) {
            PyErr_SetString(PyExc_ValueError, "a clue's runs are 1 to n cells");
            return NULL;
        }
    u64 nf, ne;
    if (!(stage == SIMPLE ? line_simple : line_full)(&clue, n, shaded, empty, &nf, &ne))
        Py_RETURN_NONE;
    return Py_BuildValue("(KK)", (unsigned long long)nf, (unsigned long long)ne);
}

/* lines.py _line_gives_away: the cells a line's clue fills on its own */
static int gives_away(const Clue *clue, int n) {
    int spare = n - clue->k + 1, away = 0;
    for (int j = 0; j < clue->k; j++) spare -= clue->run[j];
    if (!clue->k || !spare) return n;
    for (int j = 0; j < clue->k; j++) if (clue->run[j] > spare) away += clue->run[j] - spare;
    return away;
}

/* draw(data, height, width, threshold, fewest, most, plain, deepest) -> rows or None:
   generator._draw from its random bytes and generator._drawn's tests (plain < 0: none;
   deepest 0: none) */
static PyObject *draw(PyObject *self, PyObject *args) {
    const unsigned char *data;
    Py_ssize_t size;
    int h, w, threshold, deepest;
    double fewest, most, plain;
    (void)self;
    if (!PyArg_ParseTuple(args, "y#iiidddi", &data, &size, &h, &w, &threshold, &fewest,
                          &most, &plain, &deepest))
        return NULL;
    int stride = w + 1;
    Py_ssize_t plane = (stride * h + 7) / 8;
    if (h < 1 || h > MAXN || w < 1 || w > MAXN || size < 9 * plane) {
        PyErr_SetString(PyExc_ValueError, "draw: a grid 1 to 62 cells a side, 9 planes");
        return NULL;
    }
#define BIT(k, i) (data[(k) * plane + (i) / 8] >> ((i) % 8) & 1)
    unsigned char below[MAXN][MAXN];
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int i = r * stride + c, value = 0;
            for (int k = 0; k < 8; k++) value |= BIT(k, i) << (7 - k);
            below[r][c] = value < threshold;
        }
    /* a majority of the 3x3 neighbourhood (itself too): 5 of 9, 4 of 6, 3 of 4; ties
       (3 of 6, 2 of 4) by the ninth plane; other neighbourhoods never shaded */
    u64 rows[MAXN], cols[MAXN] = {0};
    int shaded = 0;
    for (int r = 0; r < h; r++) {
        rows[r] = 0;
        for (int c = 0; c < w; c++) {
            int count = 0, cells = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
                    cells++;
                    count += below[rr][cc];
                }
            int more = (cells == 9 && count >= 5) || (cells == 6 && count >= 4) ||
                       (cells == 4 && count >= 3);
            int tie = (cells == 6 && count == 3) || (cells == 4 && count == 2);
            if (more || (tie && BIT(8, r * stride + c))) {
                rows[r] |= (u64)1 << c;
                cols[c] |= (u64)1 << r;
                shaded++;
            }
        }
    }
#undef BIT
    if (!rows[0] || !rows[h - 1] || !(fewest <= shaded && shaded <= most) || !cols[0] ||
        !cols[w - 1])
        Py_RETURN_NONE;
    int away = 0;
    Clue clue;
    for (int r = 0; r < h; r++) {
        runs_of(rows[r], &clue);
        if (deepest && clue.k > deepest) Py_RETURN_NONE;
        away += gives_away(&clue, w);
    }
    for (int c = 0; c < w; c++) {
        runs_of(cols[c], &clue);
        if (deepest && clue.k > deepest) Py_RETURN_NONE;
        away += gives_away(&clue, h);
    }
    if (plain >= 0 && away > plain) Py_RETURN_NONE;
    PyObject *out = PyList_New(h);
    if (!out) return NULL;
    for (int r = 0; r < h; r++) {
        PyObject *row = PyLong_FromUnsignedLongLong(rows[r]);
        if (!row) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, r, row);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"draw", draw, METH_VARARGS,
     "draw(data, height, width, threshold, fewest, most, plain, deepest) -> rows or None"},
    {"line", line, METH_VARARGS,
     "line(clue, n, shaded, empty, stage) -> (shaded, empty) or None (tests)"},
    {"settle", settle, METH_VARARGS,
     "settle(rows, width, asked) -> (stage index or None, cells): solver.settle_random"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_native", NULL, -1, methods,
                                     NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "LARGEST", MAXN) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
