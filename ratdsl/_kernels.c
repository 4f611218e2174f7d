/* Compiled twins of the few generic helpers the flat target's generated code spends most of its
 * helper time in (ratdsl/kernels.py chooses between them and the Python originals).
 *
 * Each function here gives exactly what its Python twin gives: the same return value, the same
 * changes to the state list, the same records of moves, the same exceptions, and the same random
 * numbers drawn by the same `rng.getrandbits(k)` calls in the same order (CPython's _randbelow).
 * To stay exact without copying every corner of Python's semantics, each first checks that its
 * arguments are the plain kind the generated code passes (exact lists of exact ints, counts from
 * 0 to below 2**62 whose sum also stays below it, indexes inside the list, an exact random.Random)
 * and, when they are not, calls the Python twin with the same arguments before changing anything
 * or drawing any number. Inside those checks no count can overflow a 64-bit integer: moves only
 * shift counts between cells whose total was checked.
 *
 * Nothing here knows any game: zones are offsets into one list of counts, kinds are positions.
 */

#include "_kernels.h"

#define MAXW 256           /* the widest row (kinds per zone) handled here; wider ones fall back */
#define MAXB 64            /* the most kinds in a bundle handled here */

/* What the Python side hands over once (setup): the exception that hands a game back to the
 * reference engine, the sampler of big draws, the exact class of the random streams, and the
 * Python twins to fall back to, by name. */
static PyObject *Abort = NULL;
static PyObject *SamplePositions = NULL;
static PyObject *RandomType = NULL;
PyObject *Twins = NULL;             /* dict: name -> Python function (or class, for a type) */
PyTypeObject *CardType = NULL;      /* semantics.values.CardValue (setup): cards equal by name */
static PyObject *s_getrandbits = NULL;
Py_ssize_t HandedOver = 0;          /* calls handed to a Python twin (the tests read it) */

PyObject *
kernels_twin(const char *name)
{
    PyObject *fn = Twins ? PyDict_GetItemString(Twins, name) : NULL;
    if (fn == NULL && !PyErr_Occurred())
        PyErr_Format(PyExc_RuntimeError, "ratdsl._kernels: no Python twin registered for %s", name);
    return fn;
}

static PyObject *
fallback(const char *name, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *fn = Twins ? PyDict_GetItemString(Twins, name) : NULL;
    HandedOver++;
    if (fn == NULL) {
        PyErr_Format(PyExc_RuntimeError, "ratdsl._kernels: no Python twin registered for %s", name);
        return NULL;
    }
    return PyObject_Vectorcall(fn, args, nargs, NULL);
}

static PyObject *
raise_abort(void)
{
    if (Abort == NULL)
        PyErr_SetString(PyExc_RuntimeError, "ratdsl._kernels.setup() was not called");
    else
        PyErr_SetNone(Abort);
    return NULL;
}

/* An exact int (not a bool, not a subclass) of size below LIMIT, into *out. 0 when it is not
 * one (no error is left set). Shared with _general.c (_kernels.h). */
int
small_int(PyObject *o, long long *out)
{
    int overflow;
    long long v;
    if (!PyLong_CheckExact(o))
        return 0;
    v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || v <= -LIMIT || v >= LIMIT) {
        PyErr_Clear();
        return 0;
    }
    *out = v;
    return 1;
}

/* A count: a small_int from 0 up. */
static int
small_count(PyObject *o, long long *out)
{
    return small_int(o, out) && *out >= 0;
}

/* Adds v to *total; 0 when the total would reach LIMIT. */
static int
add_bounded(long long *total, long long v)
{
    *total += v;
    return *total < LIMIT;
}

/* A cell the checks proved holds a small count (or one this file wrote). */
static inline long long
cell(PyObject *Z, Py_ssize_t i)
{
    return PyLong_AsLongLong(PyList_GET_ITEM(Z, i));
}

static inline int
set_cell(PyObject *Z, Py_ssize_t i, long long v)
{
    PyObject *o = PyLong_FromLongLong(v);
    PyObject *old;
    if (o == NULL)
        return -1;
    old = PyList_GET_ITEM(Z, i);
    PyList_SET_ITEM(Z, i, o);
    Py_DECREF(old);
    return 0;
}

/* Z[from] -= n; Z[to] += n (read when written, as Python reads them: the cells may overlap). */
static inline int
shift(PyObject *Z, Py_ssize_t from, Py_ssize_t to, long long n)
{
    if (set_cell(Z, from, cell(Z, from) - n) < 0)
        return -1;
    return set_cell(Z, to, cell(Z, to) + n);
}

/* moved.append((s, d, k, n)) with the objects Python would put there. */
static int
record(PyObject *moved, PyObject *s, PyObject *d, PyObject *k, long long n)
{
    PyObject *no, *t;
    int r;
    if (moved == Py_None)
        return 0;
    no = PyLong_FromLongLong(n);
    if (no == NULL)
        return -1;
    t = PyTuple_Pack(4, s, d, k, no);
    Py_DECREF(no);
    if (t == NULL)
        return -1;
    r = PyList_Append(moved, t);
    Py_DECREF(t);
    return r;
}

static int
record_at(PyObject *moved, PyObject *s, PyObject *d, long long k, long long n)
{
    PyObject *ko;
    int r;
    if (moved == Py_None)
        return 0;
    ko = PyLong_FromLongLong(k);
    if (ko == NULL)
        return -1;
    r = record(moved, s, d, ko, n);
    Py_DECREF(ko);
    return r;
}

static int
bit_length(long long n)
{
    int b = 0;
    while (n) {
        b++;
        n >>= 1;
    }
    return b;
}

/* One number below m (m >= 1) as random.Random._randbelow draws it: getrandbits(m.bit_length())
 * until the number is below m. `bits` is the stream's bound getrandbits, or the C stream itself
 * (_stream.c), which draws without a call. */
static int
randbelow(PyObject *bits, long long m, long long *out)
{
    PyObject *k;
    if (Stream_Check(bits)) {
        *out = (long long)stream_below((StreamObject *)bits, (uint64_t)m);
        return 0;
    }
    k = PyLong_FromLong(bit_length(m));
    if (k == NULL)
        return -1;
    for (;;) {
        PyObject *r = PyObject_Vectorcall(bits, &k, 1, NULL);
        long long v;
        if (r == NULL)
            break;
        v = PyLong_AsLongLong(r);
        Py_DECREF(r);
        if (v == -1 && PyErr_Occurred())
            break;
        if (v < m) {
            Py_DECREF(k);
            *out = v;
            return 0;
        }
    }
    Py_DECREF(k);
    return -1;
}

static int
is_stream(PyObject *rng)
{
    return Stream_Check(rng) || (RandomType != NULL && (PyObject *)Py_TYPE(rng) == RandomType);
}

/* What randbelow draws from: the C stream itself, else the stream's bound getrandbits (new). */
static PyObject *
drawer(PyObject *rng)
{
    return Stream_Check(rng) ? Py_NewRef(rng) : PyObject_GetAttr(rng, s_getrandbits);
}

/* An exact list or tuple of small ints, read into out[0..n). 0 when it is not one or is longer
 * than `cap`. */
static int
int_items(PyObject *seq, long long *out, Py_ssize_t cap, Py_ssize_t *n)
{
    Py_ssize_t i, size;
    PyObject **items;
    if (PyList_CheckExact(seq)) {
        size = PyList_GET_SIZE(seq);
        items = ((PyListObject *)seq)->ob_item;
    }
    else if (PyTuple_CheckExact(seq)) {
        size = PyTuple_GET_SIZE(seq);
        items = ((PyTupleObject *)seq)->ob_item;
    }
    else
        return 0;
    if (size > cap)
        return 0;
    for (i = 0; i < size; i++)
        if (!small_int(items[i], &out[i]))
            return 0;
    *n = size;
    return 1;
}

static PyObject *
seq_item(PyObject *seq, Py_ssize_t i)
{
    return PyList_CheckExact(seq) ? PyList_GET_ITEM(seq, i) : PyTuple_GET_ITEM(seq, i);
}

/* Every cell z + k (z in zones, k in kinds) is inside Z and holds a count, and all of them with
 * the destination's add up to below LIMIT. */
static int
cells_ok(PyObject *Z, const long long *zones, Py_ssize_t nz, long long dest, const long long *kinds,
         Py_ssize_t nk)
{
    Py_ssize_t len = PyList_GET_SIZE(Z), a, b;
    long long total = 0, v;
    for (b = 0; b < nk; b++) {
        long long i = dest + kinds[b];
        if (i < 0 || i >= len || !small_count(PyList_GET_ITEM(Z, i), &v) || !add_bounded(&total, v))
            return 0;
        for (a = 0; a < nz; a++) {
            i = zones[a] + kinds[b];
            if (i < 0 || i >= len || !small_count(PyList_GET_ITEM(Z, i), &v) || !add_bounded(&total, v))
                return 0;
        }
    }
    return 1;
}

#define MAXZ 512  /* the most source zones (or kinds) of one move handled here */

/* whether a move names one zone (or one kind) twice: the reference refuses it (R010) */
static int
twice(const long long *items, Py_ssize_t n)
{
    Py_ssize_t a, b;
    for (a = 1; a < n; a++)
        for (b = 0; b < a; b++)
            if (items[a] == items[b])
                return 1;
    return 0;
}

/* ------------------------------------------------------------------ move_tokens */
static PyObject *
k_move_tokens(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *Z, *sources, *dest_o, *kinds_o, *moved;
    long long src[MAXZ], kinds[MAXZ], dest, wanted, held, have, n;
    Py_ssize_t ns, nk, a, b;
    int exact;
    if (nargs != 7)
        return fallback("move_tokens", args, nargs);
    Z = args[0], sources = args[1], dest_o = args[2], kinds_o = args[4], moved = args[6];
    if (!PyList_CheckExact(Z) || !int_items(sources, src, MAXZ, &ns) || !small_int(dest_o, &dest)
        || !small_int(args[3], &wanted) || !int_items(kinds_o, kinds, MAXZ, &nk) || !PyBool_Check(args[5])
        || !(moved == Py_None || PyList_CheckExact(moved)) || !cells_ok(Z, src, ns, dest, kinds, nk))
        return fallback("move_tokens", args, nargs);
    exact = args[5] == Py_True;
    if (wanted < 0 || twice(src, ns) || twice(kinds, nk))
        return raise_abort();
    if (exact && wanted) {
        held = 0;
        for (a = 0; a < ns; a++) {
            for (b = 0; b < nk; b++)
                held += cell(Z, src[a] + kinds[b]);
            if (held >= wanted)
                break;
        }
        if (a == ns)
            return raise_abort();
    }
    for (a = 0; a < ns && wanted; a++) {
        if (src[a] == dest) {  /* counted as taken, as the runtime does, but nothing moves */
            for (b = 0; b < nk; b++) {
                have = cell(Z, src[a] + kinds[b]);
                if (have) {
                    wanted -= wanted < have ? wanted : have;
                    if (!wanted)
                        break;
                }
            }
            continue;
        }
        for (b = 0; b < nk; b++) {
            have = cell(Z, src[a] + kinds[b]);
            if (have) {
                n = wanted < have ? wanted : have;
                if (shift(Z, src[a] + kinds[b], dest + kinds[b], n) < 0
                    || record(moved, seq_item(sources, a), dest_o, seq_item(kinds_o, b), n) < 0)
                    return NULL;
                wanted -= n;
                if (!wanted)
                    break;
            }
        }
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ move_all */
static PyObject *
k_move_all(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *Z, *sources, *dest_o, *kinds_o, *moved;
    long long src[MAXZ], kinds[MAXZ], dest, n;
    Py_ssize_t ns, nk, a, b;
    if (nargs != 5)
        return fallback("move_all", args, nargs);
    Z = args[0], sources = args[1], dest_o = args[2], kinds_o = args[3], moved = args[4];
    if (!PyList_CheckExact(Z) || !int_items(sources, src, MAXZ, &ns) || !small_int(dest_o, &dest)
        || !int_items(kinds_o, kinds, MAXZ, &nk) || !(moved == Py_None || PyList_CheckExact(moved))
        || !cells_ok(Z, src, ns, dest, kinds, nk))
        return fallback("move_all", args, nargs);
    if (twice(src, ns) || twice(kinds, nk))
        return raise_abort();
    for (a = 0; a < ns; a++) {
        if (src[a] == dest)
            continue;
        for (b = 0; b < nk; b++) {
            n = cell(Z, src[a] + kinds[b]);
            if (n) {
                if (shift(Z, src[a] + kinds[b], dest + kinds[b], n) < 0
                    || record(moved, seq_item(sources, a), dest_o, seq_item(kinds_o, b), n) < 0)
                    return NULL;
            }
        }
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ move_bundle */
static PyObject *
k_move_bundle(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *Z, *sources, *dest_o, *bundle, *index, *moved, *key, *value, *at;
    long long src[MAXZ], dest, want[MAXB], kind[MAXB], have, total, n, v;
    Py_ssize_t ns, nb = 0, pos = 0, a, b;
    if (nargs != 7)
        return fallback("move_bundle", args, nargs);
    Z = args[0], sources = args[1], dest_o = args[2], bundle = args[3], index = args[4], moved = args[6];
    if (!PyList_CheckExact(Z) || !int_items(sources, src, MAXZ, &ns) || !small_int(dest_o, &dest)
        || !PyDict_CheckExact(bundle) || !PyDict_CheckExact(index) || !PyBool_Check(args[5])
        || !(moved == Py_None || PyList_CheckExact(moved)) || PyDict_GET_SIZE(bundle) > MAXB)
        return fallback("move_bundle", args, nargs);
    /* the kinds asked for (more than none), in the bundle's order, with their positions */
    while (PyDict_Next(bundle, &pos, &key, &value)) {
        if (!PyUnicode_CheckExact(key) || !small_int(value, &v))
            return fallback("move_bundle", args, nargs);
        if (v <= 0)
            continue;
        at = PyDict_GetItemWithError(index, key);
        if (at == NULL) {
            if (PyErr_Occurred())
                return NULL;
            return fallback("move_bundle", args, nargs);
        }
        if (!small_int(at, &kind[nb]))
            return fallback("move_bundle", args, nargs);
        want[nb++] = v;
    }
    if (!cells_ok(Z, src, ns, dest, kind, nb))
        return fallback("move_bundle", args, nargs);
    if (twice(src, ns))
        return raise_abort();
    if (args[5] == Py_False) {
        for (b = 0; b < nb; b++) {
            total = 0;
            for (a = 0; a < ns; a++)
                total += cell(Z, src[a] + kind[b]);
            if (total < want[b])
                return raise_abort();
        }
    }
    for (b = 0; b < nb; b++) {
        v = want[b];
        for (a = 0; a < ns; a++) {
            have = cell(Z, src[a] + kind[b]);
            if (have > 0) {
                n = v < have ? v : have;
                if (src[a] != dest) {
                    if (shift(Z, src[a] + kind[b], dest + kind[b], n) < 0
                        || record_at(moved, seq_item(sources, a), dest_o, kind[b], n) < 0)
                        return NULL;
                }
                v -= n;
                if (!v)
                    break;
            }
        }
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ draw */
static PyObject *
k_draw(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *Z, *rng, *moved, *bits = NULL, *positions = NULL, *it = NULL, *p;
    long long width, source, dest, wanted = 0, size = 0, row[MAXW], got[MAXW], n, k, v, total;
    Py_ssize_t len;
    int exact, has_wanted;
    if (nargs != 8)
        return fallback("draw", args, nargs);
    Z = args[0], rng = args[1], moved = args[7];
    has_wanted = args[5] != Py_None;
    if (!PyList_CheckExact(Z) || !is_stream(rng) || !small_int(args[2], &width) || width < 1 || width > MAXW
        || !small_int(args[3], &source) || !small_int(args[4], &dest)
        || (has_wanted && !small_int(args[5], &wanted)) || !PyBool_Check(args[6])
        || !(moved == Py_None || PyList_CheckExact(moved)))
        return fallback("draw", args, nargs);
    len = PyList_GET_SIZE(Z);
    if (source < 0 || source + width > len || dest < 0 || dest + width > len)
        return fallback("draw", args, nargs);
    total = 0;
    for (k = 0; k < width; k++) {
        if (!small_count(PyList_GET_ITEM(Z, source + k), &row[k]) || !add_bounded(&size, row[k])
            || !small_count(PyList_GET_ITEM(Z, dest + k), &v) || !add_bounded(&total, v))
            return fallback("draw", args, nargs);
    }
    if (!add_bounded(&total, size))
        return fallback("draw", args, nargs);
    exact = args[6] == Py_True;
    n = has_wanted ? wanted : size;
    if (n < 0)
        return raise_abort();
    if (n > size) {
        if (exact)
            return raise_abort();
        n = size;
    }
    if (n <= 0)
        return PyLong_FromLong(0);
    bits = drawer(rng);
    if (bits == NULL)
        return NULL;
    if (n == 1) {  /* the commonest draw: one number below the size */
        long long position;
        if (randbelow(bits, size, &position) < 0)
            goto fail;
        Py_CLEAR(bits);
        k = 0;
        while (position >= row[k]) {
            position -= row[k];
            k++;
        }
        if (source != dest) {
            if (shift(Z, source + k, dest + k, 1) < 0 || record_at(moved, args[3], args[4], k, 1) < 0)
                return NULL;
        }
        return PyLong_FromLong(1);
    }
    memset(got, 0, sizeof(long long) * (size_t)width);
    if (n <= 5 && size <= 21) {
        /* rng.sample's pool algorithm on a pool of each position's kind (as support.draw does) */
        int pool[21], filled = 0;
        long long i, j, last = size - 1;
        for (k = 0; k < width; k++)
            for (i = 0; i < row[k]; i++)
                pool[filled++] = (int)k;
        for (i = 0; i < n; i++) {
            if (randbelow(bits, size - i, &j) < 0)
                goto fail;
            got[pool[j]] += 1;
            pool[j] = pool[last - i];
        }
    }
    else {  /* a big draw: the positions from the Python sampler, each walked to its kind */
        PyObject *a[3];
        if (SamplePositions == NULL) {
            PyErr_SetString(PyExc_RuntimeError, "ratdsl._kernels.setup() was not called");
            goto fail;
        }
        a[0] = rng;
        a[1] = PyLong_FromLongLong(size);
        a[2] = PyLong_FromLongLong(n);
        if (a[1] != NULL && a[2] != NULL)
            positions = PyObject_Vectorcall(SamplePositions, a, 3, NULL);
        Py_XDECREF(a[1]);
        Py_XDECREF(a[2]);
        if (positions == NULL || (it = PyObject_GetIter(positions)) == NULL)
            goto fail;
        while ((p = PyIter_Next(it)) != NULL) {
            long long position = PyLong_AsLongLong(p);
            Py_DECREF(p);
            if (position == -1 && PyErr_Occurred())
                goto fail;
            k = 0;
            for (;;) {
                if (k >= width) {
                    PyErr_SetString(PyExc_IndexError, "list index out of range");
                    goto fail;
                }
                if (position < row[k])
                    break;
                position -= row[k];
                k++;
            }
            got[k] += 1;
        }
        if (PyErr_Occurred())
            goto fail;
        Py_CLEAR(it);
        Py_CLEAR(positions);
    }
    Py_CLEAR(bits);
    if (source != dest) {
        for (k = 0; k < width; k++) {
            if (got[k]) {
                if (shift(Z, source + k, dest + k, got[k]) < 0 || record_at(moved, args[3], args[4], k, got[k]) < 0)
                    return NULL;
            }
        }
    }
    return PyLong_FromLongLong(n);
fail:
    Py_XDECREF(bits);
    Py_XDECREF(it);
    Py_XDECREF(positions);
    return NULL;
}

/* ------------------------------------------------------------------ take_cards */
static PyObject *
k_take_cards(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *piles, *cards, *taken, *s_uid;
    Py_ssize_t c, p, i;
    if (nargs != 2 || !PyList_CheckExact(args[0]) || !PyList_CheckExact(args[1]))
        return fallback("take_cards", args, nargs);
    piles = args[0], cards = args[1];
    for (p = 0; p < PyList_GET_SIZE(piles); p++)
        if (!PyList_CheckExact(PyList_GET_ITEM(piles, p)))
            return fallback("take_cards", args, nargs);
    taken = PyList_New(0);
    s_uid = PyUnicode_InternFromString("uid");
    if (taken == NULL || s_uid == NULL)
        goto fail;
    /* (indexes read again at every turn, as Python's list iterators do: an __eq__ may change them) */
    for (c = 0; c < PyList_GET_SIZE(cards); c++) {
        PyObject *card = PyList_GET_ITEM(cards, c);
        int found = 0;
        if (card == Py_None) {  /* (`top` of an empty pile: the reference reports it, R001) */
            raise_abort();
            goto fail;
        }
        Py_INCREF(card);
        for (p = 0; !found && p < PyList_GET_SIZE(piles); p++) {
            PyObject *pile = PyList_GET_ITEM(piles, p);
            Py_INCREF(pile);
            for (i = 0; PyList_Check(pile) && i < PyList_GET_SIZE(pile); i++) {
                PyObject *held = PyList_GET_ITEM(pile, i);
                int same = held == card;
                if (!same) {
                    PyObject *uid = PyObject_GetAttr(card, s_uid);
                    if (uid == NULL) {
                        Py_DECREF(pile);
                        Py_DECREF(card);
                        goto fail;
                    }
                    if (uid == Py_None) {
                        Py_INCREF(held);
                        same = PyObject_RichCompareBool(held, card, Py_EQ);
                        Py_DECREF(held);
                    }
                    Py_DECREF(uid);
                    if (same < 0) {
                        Py_DECREF(pile);
                        Py_DECREF(card);
                        goto fail;
                    }
                }
                if (same) {  /* pile.pop(i) */
                    PyObject *out;
                    if (i >= PyList_GET_SIZE(pile)) {
                        PyErr_SetString(PyExc_IndexError, "pop index out of range");
                        Py_DECREF(pile);
                        Py_DECREF(card);
                        goto fail;
                    }
                    out = PyList_GET_ITEM(pile, i);
                    Py_INCREF(out);
                    if (PyList_SetSlice(pile, i, i + 1, NULL) < 0 || PyList_Append(taken, out) < 0) {
                        Py_DECREF(out);
                        Py_DECREF(pile);
                        Py_DECREF(card);
                        goto fail;
                    }
                    Py_DECREF(out);
                    found = 1;
                    break;
                }
            }
            Py_DECREF(pile);
        }
        Py_DECREF(card);
        if (!found) {
            raise_abort();
            goto fail;
        }
    }
    Py_DECREF(s_uid);
    return taken;
fail:
    Py_XDECREF(taken);
    Py_XDECREF(s_uid);
    return NULL;
}

/* ------------------------------------------------------------------ count_kinds, first_of */
static PyObject *
k_count_kinds(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    long long z, kinds[MAXZ], total = 0, v, i;
    Py_ssize_t nk, b, len;
    if (nargs != 3 || !PyList_CheckExact(args[0]) || !small_int(args[1], &z)
        || !int_items(args[2], kinds, MAXZ, &nk))
        return fallback("count_kinds", args, nargs);
    len = PyList_GET_SIZE(args[0]);
    for (b = 0; b < nk; b++) {
        i = z + kinds[b];
        if (i < 0 || i >= len || !small_int(PyList_GET_ITEM(args[0], i), &v))
            return fallback("count_kinds", args, nargs);
        total += v;
        if (total <= -LIMIT || total >= LIMIT)
            return fallback("count_kinds", args, nargs);
    }
    return PyLong_FromLongLong(total);
}

static PyObject *
k_first_of(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1 || !PyList_CheckExact(args[0]))
        return fallback("first_of", args, nargs);
    if (PyList_GET_SIZE(args[0]) == 0)
        Py_RETURN_NONE;
    return Py_NewRef(PyList_GET_ITEM(args[0], 0));
}

/* support.item_at: an item of a list at an index inside it; anything else (none, an index
   outside, not a list) goes to the Python twin, which stops the flat code. */
static PyObject *
k_item_at(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    long long i;
    Py_ssize_t n;
    if (nargs != 2 || !PyList_CheckExact(args[0]) || !small_int(args[1], &i))
        return fallback("item_at", args, nargs);
    n = PyList_GET_SIZE(args[0]);
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        return fallback("item_at", args, nargs);
    return Py_NewRef(PyList_GET_ITEM(args[0], (Py_ssize_t)i));
}

/* support.field_of: a card's field from its table by the card's name; no card, a name not in
   the table, or anything unusual goes to the Python twin (which stops the flat code). */
static PyObject *
k_field_of(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    static PyObject *s_name = NULL;
    PyObject *name, *value;
    if (nargs != 2 || !PyDict_CheckExact(args[0]) || args[1] == Py_None)
        return fallback("field_of", args, nargs);
    if (s_name == NULL && (s_name = PyUnicode_InternFromString("name")) == NULL)
        return NULL;
    name = PyObject_GetAttr(args[1], s_name);
    if (name == NULL) {
        PyErr_Clear();
        return fallback("field_of", args, nargs);
    }
    if (!PyUnicode_CheckExact(name)) {
        Py_DECREF(name);
        return fallback("field_of", args, nargs);
    }
    value = PyDict_GetItemWithError(args[0], name);
    Py_DECREF(name);
    if (value == NULL) {
        if (PyErr_Occurred())
            return NULL;
        return fallback("field_of", args, nargs);
    }
    return Py_NewRef(value);
}

/* support.present: the value itself unless it is None (the Python twin stops the flat code). */
static PyObject *
k_present(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1 || args[0] == Py_None)
        return fallback("present", args, nargs);
    return Py_NewRef(args[0]);
}

/* ------------------------------------------------------------------ owner_of_card */
/* flat/lists.owner_of_card: the owner of the first pile holding a card of this name (None: none,
   or a shared pile). Its Python twin takes anything but lists of equal length. Indexes are read
   again at every turn (a name's __eq__ may change the lists, as Python's iterators allow). */
static PyObject *
k_owner_of_card(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *piles, *owners, *s_name, *name;
    Py_ssize_t p, i;
    if (nargs != 3 || !PyList_CheckExact(args[1]) || !PyList_CheckExact(args[2])
            || PyList_GET_SIZE(args[1]) != PyList_GET_SIZE(args[2]))
        return fallback("owner_of_card", args, nargs);
    piles = args[1], owners = args[2];
    for (p = 0; p < PyList_GET_SIZE(piles); p++)
        if (!PyList_CheckExact(PyList_GET_ITEM(piles, p)))
            return fallback("owner_of_card", args, nargs);
    s_name = PyUnicode_InternFromString("name");
    if (s_name == NULL)
        return NULL;
    name = PyObject_GetAttr(args[0], s_name);
    if (name == NULL) {
        Py_DECREF(s_name);
        return NULL;
    }
    for (p = 0; p < PyList_GET_SIZE(piles) && p < PyList_GET_SIZE(owners); p++) {
        PyObject *held = PyList_GET_ITEM(piles, p);
        if (!PyList_CheckExact(held))
            continue;
        Py_INCREF(held);
        for (i = 0; i < PyList_GET_SIZE(held); i++) {
            PyObject *other = PyObject_GetAttr(PyList_GET_ITEM(held, i), s_name);
            int same;
            if (other == NULL) {
                Py_DECREF(held);
                goto fail;
            }
            same = PyObject_RichCompareBool(other, name, Py_EQ);
            Py_DECREF(other);
            if (same < 0) {
                Py_DECREF(held);
                goto fail;
            }
            if (same) {
                PyObject *seat = PyList_GET_ITEM(owners, p);
                Py_DECREF(held);
                Py_DECREF(name);
                Py_DECREF(s_name);
                return Py_NewRef(seat);
            }
        }
        Py_DECREF(held);
    }
    Py_DECREF(name);
    Py_DECREF(s_name);
    Py_RETURN_NONE;
fail:
    Py_DECREF(name);
    Py_DECREF(s_name);
    return NULL;
}

/* ------------------------------------------------------------------ count_moves */
/* `counts[i] += n` as Python does it: get, in-place add, set (any index and number types). */
static int
add_at(PyObject *counts, PyObject *i, PyObject *n)
{
    PyObject *old = PyObject_GetItem(counts, i), *sum;
    int rc;
    if (old == NULL)
        return -1;
    sum = PyNumber_InPlaceAdd(old, n);
    Py_DECREF(old);
    if (sum == NULL)
        return -1;
    rc = PyObject_SetItem(counts, i, sum);
    Py_DECREF(sum);
    return rc;
}

static PyObject *
k_count_moves(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *moves, *matching, *step, *counts, *miss;
    Py_ssize_t j;
    if (nargs != 5 || !PyList_CheckExact(args[0]) || !PyDict_CheckExact(args[1]))
        return fallback("count_moves", args, nargs);
    moves = args[0], matching = args[1], step = args[2], counts = args[3], miss = args[4];
    for (j = 0; j < PyList_GET_SIZE(moves); j++) {
        PyObject *move = PyList_GET_ITEM(moves, j), *key, *hits, *n, *it, *i;
        if (!PyTuple_CheckExact(move) || PyTuple_GET_SIZE(move) != 4) {
            /* not the records the helpers make: the Python twin counts the rest of them */
            PyObject *rest = PyList_GetSlice(moves, j, PyList_GET_SIZE(moves)), *done;
            PyObject *again[5];
            if (rest == NULL)
                return NULL;
            again[0] = rest, again[1] = matching, again[2] = step, again[3] = counts, again[4] = miss;
            done = fallback("count_moves", again, 5);
            Py_DECREF(rest);
            if (done == NULL)
                return NULL;
            Py_DECREF(done);
            break;
        }
        Py_INCREF(move);
        n = PyTuple_GET_ITEM(move, 3);
        key = PyTuple_Pack(4, PyTuple_GET_ITEM(move, 0), PyTuple_GET_ITEM(move, 1), PyTuple_GET_ITEM(move, 2), step);
        if (key == NULL)
            goto fail_move;
        hits = PyDict_GetItemWithError(matching, key);  /* borrowed */
        if (hits == NULL && PyErr_Occurred()) {
            Py_DECREF(key);
            goto fail_move;
        }
        if (hits == NULL || hits == Py_None)
            hits = PyObject_CallOneArg(miss, key);
        else
            Py_INCREF(hits);
        Py_DECREF(key);
        if (hits == NULL)
            goto fail_move;
        if (PyList_CheckExact(hits)) {
            Py_ssize_t h;
            for (h = 0; h < PyList_GET_SIZE(hits); h++) {
                i = Py_NewRef(PyList_GET_ITEM(hits, h));
                if (add_at(counts, i, n) < 0) {
                    Py_DECREF(i);
                    Py_DECREF(hits);
                    goto fail_move;
                }
                Py_DECREF(i);
            }
        } else {
            it = PyObject_GetIter(hits);
            if (it == NULL) {
                Py_DECREF(hits);
                goto fail_move;
            }
            while ((i = PyIter_Next(it)) != NULL) {
                int rc = add_at(counts, i, n);
                Py_DECREF(i);
                if (rc < 0)
                    break;
            }
            Py_DECREF(it);
            if (PyErr_Occurred()) {
                Py_DECREF(hits);
                goto fail_move;
            }
        }
        Py_DECREF(hits);
        Py_DECREF(move);
        continue;
    fail_move:
        Py_DECREF(move);
        return NULL;
    }
    if (PyList_SetSlice(moves, 0, PyList_GET_SIZE(moves), NULL) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ share_out */
static PyObject *
k_share_out(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *wanted, *out = NULL;
    long long left, *w = NULL, sum = 0, low = 0, high, mid, s, g;
    Py_ssize_t n, i;
    if (nargs != 2 || !small_int(args[0], &left) || !PyList_CheckExact(args[1]))
        return fallback("share_out", args, nargs);
    wanted = args[1];
    n = PyList_GET_SIZE(wanted);
    if (n == 0)  /* sum([]) <= left returns the list; otherwise max([]) raises: Python says which */
        return fallback("share_out", args, nargs);
    w = PyMem_New(long long, n);
    if (w == NULL)
        return PyErr_NoMemory();
    for (i = 0; i < n; i++) {
        if (!small_int(PyList_GET_ITEM(wanted, i), &w[i]))
            goto python;
        sum += w[i];
        if (sum <= -LIMIT || sum >= LIMIT)
            goto python;
    }
    if (sum <= left) {
        PyMem_Free(w);
        return Py_NewRef(wanted);
    }
    /* `rounds` full rounds hand out sum(min(w, rounds)): the most that `left` pays for */
    high = w[0];
    for (i = 1; i < n; i++)
        if (w[i] > high)
            high = w[i];
    while (low < high) {
        mid = low + (high - low + 1) / 2;  /* (low + high + 1) // 2 with low >= 0 */
        s = 0;
        for (i = 0; i < n; i++) {
            s += w[i] < mid ? w[i] : mid;
            if (s <= -LIMIT || s >= LIMIT)
                goto python;
        }
        if (s <= left)
            low = mid;
        else
            high = mid - 1;
    }
    out = PyList_New(n);
    if (out == NULL)
        goto fail;
    s = 0;
    for (i = 0; i < n; i++)
        s += w[i] < low ? w[i] : low;
    left -= s;
    for (i = 0; i < n; i++) {  /* the last, partial round, in list order */
        PyObject *o;
        g = w[i] < low ? w[i] : low;
        if (left && w[i] > low) {
            g += 1;
            left -= 1;
        }
        o = PyLong_FromLongLong(g);
        if (o == NULL)
            goto fail;
        PyList_SET_ITEM(out, i, o);
    }
    PyMem_Free(w);
    return out;
python:
    PyMem_Free(w);
    return fallback("share_out", args, nargs);
fail:
    PyMem_Free(w);
    Py_XDECREF(out);
    return NULL;
}

/* ------------------------------------------------------------------ spread_counts */
static PyObject *
k_spread_counts(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *bits = NULL, *out, *ko = NULL;
    long long n, amount, t, *counts;
    Py_ssize_t i;
    if (nargs != 3 || !is_stream(args[0]) || !small_int(args[1], &n) || n < 1 || n > (1 << 20)
        || !small_int(args[2], &amount))
        return fallback("spread_counts", args, nargs);
    counts = PyMem_New(long long, n);
    if (counts == NULL)
        return PyErr_NoMemory();
    memset(counts, 0, sizeof(long long) * (size_t)n);
    if (Stream_Check(args[0])) {  /* the C stream: no call a number */
        for (t = 0; t < amount; t++) {
            counts[stream_below((StreamObject *)args[0], (uint64_t)n)] += 1;
            if ((t & 0xffff) == 0xffff && PyErr_CheckSignals() < 0)
                goto fail;
        }
        goto made;
    }
    bits = PyObject_GetAttr(args[0], s_getrandbits);
    ko = PyLong_FromLong(bit_length(n));
    if (bits == NULL || ko == NULL)
        goto fail;
    for (t = 0; t < amount; t++) {
        long long v;
        do {
            PyObject *r = PyObject_Vectorcall(bits, &ko, 1, NULL);
            if (r == NULL)
                goto fail;
            v = PyLong_AsLongLong(r);
            Py_DECREF(r);
            if (v == -1 && PyErr_Occurred())
                goto fail;
        } while (v >= n);
        counts[v] += 1;
        if ((t & 0xffff) == 0xffff && PyErr_CheckSignals() < 0)  /* a long spread stays interruptible */
            goto fail;
    }
    Py_CLEAR(bits);
    Py_CLEAR(ko);
made:
    out = PyList_New(n);
    if (out == NULL)
        goto fail;
    for (i = 0; i < n; i++) {
        PyObject *o = PyLong_FromLongLong(counts[i]);
        if (o == NULL) {
            Py_DECREF(out);
            goto fail;
        }
        PyList_SET_ITEM(out, i, o);
    }
    PyMem_Free(counts);
    return out;
fail:
    Py_XDECREF(bits);
    Py_XDECREF(ko);
    PyMem_Free(counts);
    return NULL;
}

/* ------------------------------------------------------------------ zone readers
 * Made per rule set (zone_readers): `self` is the tuple (kinds, max_items, zone_kinds twin,
 * zone_pieces twin), so the generated code calls them with (Z, z) as it calls the closures. */
static int
zone_args(PyObject *self, PyObject *const *args, Py_ssize_t nargs, long long *z, Py_ssize_t *width)
{
    Py_ssize_t len;
    if (nargs != 2 || !PyList_CheckExact(args[0]) || !small_int(args[1], z))
        return 0;
    *width = PyTuple_GET_SIZE(PyTuple_GET_ITEM(self, 0));
    len = PyList_GET_SIZE(args[0]);
    return *z >= 0 && *z + *width <= len;
}

static PyObject *
hand_over(PyObject *self, int which, PyObject *const *args, Py_ssize_t nargs)
{
    HandedOver++;
    return PyObject_Vectorcall(PyTuple_GET_ITEM(self, which), args, nargs, NULL);
}

static PyObject *
k_zone_kinds(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *kinds = PyTuple_GET_ITEM(self, 0), *out;
    long long z, v;
    Py_ssize_t width, k;
    if (!zone_args(self, args, nargs, &z, &width))
        return hand_over(self, 2, args, nargs);
    for (k = 0; k < width; k++)
        if (!small_int(PyList_GET_ITEM(args[0], z + k), &v))
            return hand_over(self, 2, args, nargs);
    out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (k = 0; k < width; k++) {
        if (PyLong_AsLongLong(PyList_GET_ITEM(args[0], z + k)) != 0
            && PyList_Append(out, PyTuple_GET_ITEM(kinds, k)) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static PyObject *
k_zone_pieces(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *kinds = PyTuple_GET_ITEM(self, 0), *out, *kind;
    long long z, v, total = 0, max_items, c;
    Py_ssize_t width, k, at = 0;
    max_items = PyLong_AsLongLong(PyTuple_GET_ITEM(self, 1));
    if (!zone_args(self, args, nargs, &z, &width))
        return hand_over(self, 3, args, nargs);
    for (k = 0; k < width; k++) {
        if (!small_int(PyList_GET_ITEM(args[0], z + k), &v))
            return hand_over(self, 3, args, nargs);
        if (v > 0)
            total += v;
        if (total > max_items)  /* (Python builds the list, then stops: it says how) */
            return hand_over(self, 3, args, nargs);
    }
    out = PyList_New((Py_ssize_t)total);
    if (out == NULL)
        return NULL;
    for (k = 0; k < width; k++) {
        v = PyLong_AsLongLong(PyList_GET_ITEM(args[0], z + k));
        kind = PyTuple_GET_ITEM(kinds, k);
        for (c = 0; c < v; c++)
            PyList_SET_ITEM(out, at++, Py_NewRef(kind));
    }
    return out;
}

static PyMethodDef zone_kinds_def = {"zone_kinds", (PyCFunction)(void (*)(void))k_zone_kinds, METH_FASTCALL,
                                     "The kinds a zone holds, in the rules' order."};
static PyMethodDef zone_pieces_def = {"zone_pieces", (PyCFunction)(void (*)(void))k_zone_pieces, METH_FASTCALL,
                                      "Each kind a zone holds, as often as it holds it."};

static PyObject *
k_zone_readers(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *self, *zk, *zp, *out;
    Py_ssize_t k;
    long long m;
    if (nargs != 4 || !PyTuple_CheckExact(args[0]) || !small_int(args[1], &m) || m < 0) {
        PyErr_SetString(PyExc_TypeError, "zone_readers(kinds: tuple, max_items: int, zone_kinds, zone_pieces)");
        return NULL;
    }
    for (k = 0; k < PyTuple_GET_SIZE(args[0]); k++)
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(args[0], k))) {
            PyErr_SetString(PyExc_TypeError, "zone_readers: kinds must be str");
            return NULL;
        }
    self = PyTuple_Pack(4, args[0], args[1], args[2], args[3]);
    if (self == NULL)
        return NULL;
    zk = PyCFunction_NewEx(&zone_kinds_def, self, NULL);
    zp = PyCFunction_NewEx(&zone_pieces_def, self, NULL);
    Py_DECREF(self);
    if (zk == NULL || zp == NULL) {
        Py_XDECREF(zk);
        Py_XDECREF(zp);
        return NULL;
    }
    out = PyTuple_Pack(2, zk, zp);
    Py_DECREF(zk);
    Py_DECREF(zp);
    return out;
}

/* boards.space_of: `table[zone]`; a zone not in the table (or anything unusual) goes to the
   Python twin, which stops the flat code as the reference would report it. */
static PyObject *
k_space_of(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *found;
    if (nargs != 2 || !PyDict_CheckExact(args[0]))
        return fallback("space_of", args, nargs);
    found = PyDict_GetItemWithError(args[0], args[1]);
    if (found == NULL) {
        PyErr_Clear();
        return fallback("space_of", args, nargs);
    }
    return Py_NewRef(found);
}

/* zone_size of make_zone_readers: the tokens a zone holds, Z[z:z + width] summed; self is
   (width, the Python closure). */
static PyObject *
k_zone_size(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    long long z, v, total = 0, width;
    Py_ssize_t k;
    width = PyLong_AsLongLong(PyTuple_GET_ITEM(self, 0));
    if (nargs != 2 || !PyList_CheckExact(args[0]) || !small_int(args[1], &z) || z < 0
        || z + width > PyList_GET_SIZE(args[0]))
        return hand_over(self, 1, args, nargs);
    for (k = 0; k < width; k++) {
        if (!small_int(PyList_GET_ITEM(args[0], (Py_ssize_t)(z + k)), &v))
            return hand_over(self, 1, args, nargs);
        total += v;
    }
    return PyLong_FromLongLong(total);
}

static PyMethodDef zone_size_def = {"zone_size", (PyCFunction)(void (*)(void))k_zone_size, METH_FASTCALL,
                                    "The tokens a zone holds."};

static PyObject *
k_zone_sizer(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *self, *out;
    long long width;
    if (nargs != 2 || !small_int(args[0], &width) || width < 0 || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "zone_sizer(width: int, zone_size)");
        return NULL;
    }
    self = PyTuple_Pack(2, args[0], args[1]);
    if (self == NULL)
        return NULL;
    out = PyCFunction_NewEx(&zone_size_def, self, NULL);
    Py_DECREF(self);
    return out;
}

/* The step budget's charges of make_limits (CH, CI): self is (budget, items_per_step, CH, CI),
   budget a list whose item 0 is the steps left, CH and CI the Python closures, which take what
   these leave (an object with no length, a budget that is not a plain int). */
static int
budget_pay(PyObject *budget, long long steps)
{
    PyObject *cur, *now;
    long long left;
    cur = PyList_GET_ITEM(budget, 0);
    left = PyLong_AsLongLong(cur) - steps;
    now = PyLong_FromLongLong(left);
    if (now == NULL)
        return -1;
    PyList_SetItem(budget, 0, now);  /* (steals the new int, drops the old) */
    if (left < 0) {
        raise_abort();
        return -1;
    }
    return 0;
}

static int
budget_ready(PyObject *budget)
{
    long long left;
    return PyList_CheckExact(budget) && PyList_GET_SIZE(budget) >= 1
        && small_int(PyList_GET_ITEM(budget, 0), &left);
}

static PyObject *
k_charged(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *budget = PyTuple_GET_ITEM(self, 0);
    Py_ssize_t n;
    long long per = 1;
    if ((nargs != 1 && nargs != 2) || !budget_ready(budget) || (nargs == 2 && !small_int(args[1], &per)))
        return hand_over(self, 2, args, nargs);
    n = PyObject_Size(args[0]);
    if (n < 0) {
        PyErr_Clear();
        return hand_over(self, 2, args, nargs);
    }
    if (budget_pay(budget, (long long)n * per) < 0)
        return NULL;
    return Py_NewRef(args[0]);
}

static PyObject *
k_charged_items(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *budget = PyTuple_GET_ITEM(self, 0);
    Py_ssize_t n;
    long long per = PyLong_AsLongLong(PyTuple_GET_ITEM(self, 1));
    if (nargs != 1 || !budget_ready(budget))
        return hand_over(self, 3, args, nargs);
    n = PyObject_Size(args[0]);
    if (n < 0) {
        PyErr_Clear();
        return hand_over(self, 3, args, nargs);
    }
    if (budget_pay(budget, (long long)n / per) < 0)
        return NULL;
    return Py_NewRef(args[0]);
}

static PyMethodDef charged_def = {"charged", (PyCFunction)(void (*)(void))k_charged, METH_FASTCALL,
                                  "A query's source, paid for by the item."};
static PyMethodDef charged_items_def = {"charged_items", (PyCFunction)(void (*)(void))k_charged_items,
                                        METH_FASTCALL, "A list a built-in goes through, paid by the item."};

static PyObject *
k_budget_charges(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *self, *ch, *ci, *out;
    long long per;
    if (nargs != 4 || !PyList_CheckExact(args[0]) || !small_int(args[1], &per) || per < 1
        || !PyCallable_Check(args[2]) || !PyCallable_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "budget_charges(budget: list, items_per_step: int, charged, charged_items)");
        return NULL;
    }
    self = PyTuple_Pack(4, args[0], args[1], args[2], args[3]);
    if (self == NULL)
        return NULL;
    ch = PyCFunction_NewEx(&charged_def, self, NULL);
    ci = PyCFunction_NewEx(&charged_items_def, self, NULL);
    Py_DECREF(self);
    if (ch == NULL || ci == NULL) {
        Py_XDECREF(ch);
        Py_XDECREF(ci);
        return NULL;
    }
    out = PyTuple_Pack(2, ch, ci);
    Py_DECREF(ch);
    Py_DECREF(ci);
    return out;
}

/* ------------------------------------------------------------------ setup */
static PyObject *
k_setup(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"abort", "sample_positions", "random_type", "card_type", NULL};
    PyObject *abort = NULL, *sample = NULL, *random_type = NULL, *card_type = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|OOOO", names, &abort, &sample, &random_type, &card_type))
        return NULL;
    if (card_type != NULL && card_type != Py_None) {
        if (!PyType_Check(card_type)) {
            PyErr_SetString(PyExc_TypeError, "setup: card_type must be a class");
            return NULL;
        }
        Py_XSETREF(CardType, (PyTypeObject *)Py_NewRef(card_type));
    }
    if (abort != NULL && abort != Py_None)
        Py_XSETREF(Abort, Py_NewRef(abort));
    if (sample != NULL && sample != Py_None)
        Py_XSETREF(SamplePositions, Py_NewRef(sample));
    if (random_type != NULL && random_type != Py_None)
        Py_XSETREF(RandomType, Py_NewRef(random_type));
    Py_RETURN_NONE;
}

static PyObject *
k_fallback(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "fallback(name: str, function)");
        return NULL;
    }
    if (PyDict_SetItem(Twins, args[0], args[1]) < 0)
        return NULL;
    if (PyUnicode_CompareWithASCIIString(args[0], "Stream") == 0 && PyType_Check(args[1])
        && stream_adopt(args[1]) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *
k_handed_over(PyObject *mod, PyObject *unused)
{
    return PyLong_FromSsize_t(HandedOver);
}

#define FAST(name, doc) {#name, (PyCFunction)(void (*)(void))k_##name, METH_FASTCALL, doc}
#define GENERAL(name, doc) {#name, (PyCFunction)(void (*)(void))g_##name, METH_FASTCALL, doc}

static PyMethodDef methods[] = {
    FAST(move_tokens, "support.move_tokens, compiled."),
    FAST(move_all, "support.move_all, compiled."),
    FAST(move_bundle, "support.move_bundle, compiled."),
    FAST(draw, "support.draw, compiled (the same numbers from the same stream)."),
    FAST(take_cards, "support.take_cards, compiled."),
    FAST(count_kinds, "support.count_kinds, compiled."),
    FAST(first_of, "support.first_of, compiled."),
    FAST(item_at, "support.item_at, compiled."),
    FAST(present, "support.present, compiled."),
    FAST(field_of, "support.field_of, compiled."),
    FAST(owner_of_card, "flat.lists.owner_of_card, compiled."),
    FAST(count_moves, "support.count_moves, compiled."),
    FAST(share_out, "semantics.builtins.share_out, compiled."),
    FAST(spread_counts, "agents.random_agent.spread_counts, compiled (the same numbers)."),
    FAST(zone_readers, "(zone_kinds, zone_pieces) for a rule set's kinds, compiled."),
    FAST(zone_sizer, "zone_size for a rule set's number of kinds, compiled."),
    FAST(space_of, "boards.space_of, compiled."),
    FAST(budget_charges, "(CH, CI) of support.make_limits for a budget, compiled."),
    GENERAL(d_key, "flat.dyn.d_key, compiled (_general.c)."),
    GENERAL(d_eq, "flat.dyn.d_eq, compiled."),
    GENERAL(d_in, "flat.dyn.d_in, compiled."),
    GENERAL(d_encode, "flat.dyn.d_encode, compiled."),
    GENERAL(as_zone, "flat.dyn.as_zone, compiled."),
    GENERAL(as_player, "flat.dyn.as_player, compiled."),
    GENERAL(d_size, "flat.dyn.d_size, compiled."),
    GENERAL(d_index, "flat.dyn.d_index, compiled."),
    GENERAL(joined_lists, "flat.lists.joined_lists, compiled."),
    GENERAL(card_in, "flat.lists.card_in, compiled."),
    {"setup", (PyCFunction)(void (*)(void))k_setup, METH_VARARGS | METH_KEYWORDS,
     "setup(abort=, sample_positions=, random_type=, card_type=): what the kernels raise, call and expect."},
    {"handed_over", k_handed_over, METH_NOARGS, "How many calls the kernels handed to their Python twins."},
    FAST(fallback, "fallback(name, function): the Python twin a kernel calls for inputs it leaves to Python."),
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "ratdsl._kernels",
    "Compiled twins of the flat target's hot helpers (see ratdsl/kernels.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__kernels(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Twins = PyDict_New();
    s_getrandbits = PyUnicode_InternFromString("getrandbits");
    if (Twins == NULL || s_getrandbits == NULL || PyModule_AddObjectRef(m, "twins", Twins) < 0
        || PyType_Ready(&StreamType) < 0 || PyModule_AddObjectRef(m, "Stream", (PyObject *)&StreamType) < 0
        || PyType_Ready(&SamplerType) < 0
        || PyModule_AddObjectRef(m, "FastSampling", (PyObject *)&SamplerType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
