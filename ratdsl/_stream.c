/* ratdsl._kernels.Stream: a random stream that draws exactly the numbers CPython's random.Random
 * draws for the same seed (tests/test_c_random.py holds it to that), so a game seeded alike plays
 * alike on every engine, while the native build and the kernels draw without a Python call.
 *
 * The generator is CPython's Mersenne Twister (_randommodule.c, after Matsumoto and Nishimura),
 * seeded as random.Random(int) seeds it: init_by_array over the absolute value's 32-bit words.
 * The methods the engines and agents call (random, getrandbits, _randbelow, shuffle, choice,
 * sample, choices, seed, getstate, setstate) are written here for the plain inputs they are given
 * (exact lists and tuples, exact ints and floats); any other input, and any method of
 * random.Random not written here (randrange, uniform, gauss, ...), runs random.Random's own Python
 * code with this object as its self: that code draws through the methods above, so it draws the
 * same numbers. The state is random.Random's: getstate() and setstate() exchange it with one.
 *
 * One difference is chosen: _randbelow(n) for n <= 0 raises ValueError, where CPython's loops
 * forever (its callers never ask; a rule file must not hang a run).
 */

#include "_kernels.h"
#include "structmember.h"
#include <math.h>

#define MT_M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU

/* ------------------------------------------------------------------ the generator */
uint32_t
stream_next(StreamObject *s)
{
    static const uint32_t mag01[2] = {0x0U, MATRIX_A};
    uint32_t y, *mt = s->state;
    if (s->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        s->index = 0;
    }
    y = mt[s->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static void
init_genrand(StreamObject *s, uint32_t seed)
{
    int i;
    uint32_t *mt = s->state;
    mt[0] = seed;
    for (i = 1; i < MT_N; i++)
        mt[i] = (1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i);
    s->index = MT_N;
}

static void
init_by_array(StreamObject *s, const uint32_t *key, size_t length)
{
    size_t i = 1, j = 0, k;
    uint32_t *mt = s->state;
    init_genrand(s, 19650218U);
    for (k = (MT_N > length ? MT_N : length); k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= length)
            j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
}

double
stream_random(StreamObject *s)
{
    uint32_t a = stream_next(s) >> 5, b = stream_next(s) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* getrandbits(k) for 1 <= k <= 64 */
static inline uint64_t
bits64(StreamObject *s, int k)
{
    uint64_t lo;
    if (k <= 32)
        return stream_next(s) >> (32 - k);
    lo = stream_next(s);
    return ((uint64_t)(stream_next(s) >> (64 - k)) << 32) | lo;
}

static int
bit_length64(uint64_t n)
{
    int b = 0;
    while (n) {
        b++;
        n >>= 1;
    }
    return b;
}

uint64_t
stream_below(StreamObject *s, uint64_t n)
{
    int k = bit_length64(n);
    uint64_t r = bits64(s, k);
    while (r >= n)
        r = bits64(s, k);
    return r;
}

/* ------------------------------------------------------------------ handing over to Python */
/* random.Random's method `name`, run with this stream as its self. */
static PyObject *
python_method(const char *name, PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *cls = kernels_twin("Stream"), *fn, *out, *stack[8], **all = stack;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0, i;
    if (cls == NULL)
        return NULL;
    fn = PyObject_GetAttrString(cls, name);
    if (fn == NULL)
        return NULL;
    if (nargs + nkw + 1 > 8 && (all = PyMem_New(PyObject *, nargs + nkw + 1)) == NULL) {
        Py_DECREF(fn);
        return PyErr_NoMemory();
    }
    all[0] = self;
    for (i = 0; i < nargs + nkw; i++)
        all[i + 1] = args[i];
    HandedOver++;
    out = PyObject_Vectorcall(fn, all, nargs + 1, kwnames);
    if (all != stack)
        PyMem_Free(all);
    Py_DECREF(fn);
    return out;
}

/* A fresh random.Random made to do what this stream cannot do alone (seeding from other types,
 * odd states): its state is then copied here. */
static int
copy_from(StreamObject *s, PyObject *r)
{
    PyObject *state = PyObject_CallMethod(r, "getstate", NULL), *inner, *g;
    Py_ssize_t i;
    if (state == NULL)
        return -1;
    inner = PyTuple_GET_ITEM(state, 1);
    for (i = 0; i < MT_N; i++)
        s->state[i] = (uint32_t)PyLong_AsUnsignedLong(PyTuple_GET_ITEM(inner, i));
    s->index = (int)PyLong_AsLong(PyTuple_GET_ITEM(inner, MT_N));
    g = PyTuple_GET_ITEM(state, 2);
    Py_XSETREF(s->gauss_next, Py_NewRef(g));
    Py_DECREF(state);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *
python_random(void)
{
    PyObject *cls = kernels_twin("Stream");
    return cls == NULL ? NULL : PyObject_CallNoArgs(cls);
}

/* ------------------------------------------------------------------ seed */
static int
seed_int(StreamObject *s, PyObject *a)
{
    PyObject *n = PyNumber_Absolute(a), *nbits, *bytes;
    unsigned long long v;
    uint32_t small[2], *key;
    size_t used, i;
    const unsigned char *b;
    if (n == NULL)
        return -1;
    v = PyLong_AsUnsignedLongLong(n);
    if (!(v == (unsigned long long)-1 && PyErr_Occurred())) {
        Py_DECREF(n);
        small[0] = (uint32_t)v;
        small[1] = (uint32_t)(v >> 32);
        init_by_array(s, small, small[1] ? 2 : 1);
        return 0;
    }
    PyErr_Clear();  /* more than 64 bits: its words, least significant first */
    nbits = PyObject_CallMethod(n, "bit_length", NULL);
    if (nbits == NULL) {
        Py_DECREF(n);
        return -1;
    }
    used = (size_t)((PyLong_AsSsize_t(nbits) - 1) / 32 + 1);
    Py_DECREF(nbits);
    bytes = PyObject_CallMethod(n, "to_bytes", "ns", (Py_ssize_t)(used * 4), "little");
    Py_DECREF(n);
    if (bytes == NULL)
        return -1;
    key = PyMem_New(uint32_t, used);
    if (key == NULL) {
        Py_DECREF(bytes);
        PyErr_NoMemory();
        return -1;
    }
    b = (const unsigned char *)PyBytes_AS_STRING(bytes);
    for (i = 0; i < used; i++)
        key[i] = (uint32_t)b[4 * i] | ((uint32_t)b[4 * i + 1] << 8) | ((uint32_t)b[4 * i + 2] << 16)
                 | ((uint32_t)b[4 * i + 3] << 24);
    init_by_array(s, key, used);
    PyMem_Free(key);
    Py_DECREF(bytes);
    return 0;
}

/* random.Random.seed(a, version): an exact int here, anything else by random.Random itself */
static int
do_seed(StreamObject *s, PyObject *a, PyObject *version)
{
    if (a != NULL && PyLong_CheckExact(a)) {
        if (seed_int(s, a) < 0)
            return -1;
        Py_XSETREF(s->gauss_next, Py_NewRef(Py_None));
        return 0;
    }
    else {
        PyObject *r = python_random(), *done;
        int rc;
        if (r == NULL)
            return -1;
        done = version ? PyObject_CallMethod(r, "seed", "OO", a ? a : Py_None, version)
                       : PyObject_CallMethod(r, "seed", "(O)", a ? a : Py_None);
        if (done == NULL) {
            Py_DECREF(r);
            return -1;
        }
        Py_DECREF(done);
        rc = copy_from(s, r);
        Py_DECREF(r);
        return rc;
    }
}

static PyObject *
Stream_seed(StreamObject *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"a", "version", NULL};
    PyObject *a = Py_None, *version = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO:seed", names, &a, &version))
        return NULL;
    if (do_seed(s, a, version) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static int
Stream_init(StreamObject *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"x", NULL};
    PyObject *x = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:Stream", names, &x))
        return -1;
    return do_seed(s, x, NULL);
}

static PyObject *
Stream_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    StreamObject *s = (StreamObject *)type->tp_alloc(type, 0);
    if (s == NULL)
        return NULL;
    s->gauss_next = Py_NewRef(Py_None);
    init_genrand(s, 19650218U);  /* (a state until __init__ seeds it) */
    return (PyObject *)s;
}

/* ------------------------------------------------------------------ state */
static PyObject *
Stream_getstate(StreamObject *s, PyObject *unused)
{
    PyObject *inner = PyTuple_New(MT_N + 1), *out;
    int i;
    if (inner == NULL)
        return NULL;
    for (i = 0; i < MT_N; i++) {
        PyObject *o = PyLong_FromUnsignedLong(s->state[i]);
        if (o == NULL) {
            Py_DECREF(inner);
            return NULL;
        }
        PyTuple_SET_ITEM(inner, i, o);
    }
    PyTuple_SET_ITEM(inner, MT_N, PyLong_FromLong(s->index));
    if (PyTuple_GET_ITEM(inner, MT_N) == NULL) {
        Py_DECREF(inner);
        return NULL;
    }
    out = Py_BuildValue("(iNO)", 3, inner, s->gauss_next);
    return out;
}

static PyObject *
Stream_setstate(StreamObject *s, PyObject *state)
{
    uint32_t fresh[MT_N];
    long index = 0;
    int i;
    if (PyTuple_CheckExact(state) && PyTuple_GET_SIZE(state) == 3 && PyLong_CheckExact(PyTuple_GET_ITEM(state, 0))
        && PyLong_AsLong(PyTuple_GET_ITEM(state, 0)) == 3 && PyTuple_CheckExact(PyTuple_GET_ITEM(state, 1))
        && PyTuple_GET_SIZE(PyTuple_GET_ITEM(state, 1)) == MT_N + 1) {
        PyObject *inner = PyTuple_GET_ITEM(state, 1);
        for (i = 0; i <= MT_N; i++) {
            PyObject *o = PyTuple_GET_ITEM(inner, i);
            unsigned long v;
            if (!PyLong_CheckExact(o))
                goto python;
            v = PyLong_AsUnsignedLong(o);
            if (v == (unsigned long)-1 && PyErr_Occurred()) {
                PyErr_Clear();
                goto python;
            }
            if (v > 0xffffffffUL)
                goto python;
            if (i < MT_N)
                fresh[i] = (uint32_t)v;
            else
                index = (long)v;
        }
        if (index > MT_N)
            goto python;
        memcpy(s->state, fresh, sizeof fresh);
        s->index = (int)index;
        Py_XSETREF(s->gauss_next, Py_NewRef(PyTuple_GET_ITEM(state, 2)));
        Py_RETURN_NONE;
    }
    PyErr_Clear();
python: {  /* other versions and odd states: random.Random reads them (or says why not) */
        PyObject *r = python_random(), *done;
        if (r == NULL)
            return NULL;
        done = PyObject_CallMethod(r, "setstate", "(O)", state);
        if (done == NULL || copy_from(s, r) < 0) {
            Py_XDECREF(done);
            Py_DECREF(r);
            return NULL;
        }
        Py_DECREF(done);
        Py_DECREF(r);
        Py_RETURN_NONE;
    }
}

static PyObject *
Stream_reduce(StreamObject *s, PyObject *unused)
{
    PyObject *state = Stream_getstate(s, NULL);
    if (state == NULL)
        return NULL;
    return Py_BuildValue("(O()N)", (PyObject *)Py_TYPE(s), state);
}

/* ------------------------------------------------------------------ numbers */
static PyObject *
Stream_random(StreamObject *s, PyObject *unused)
{
    return PyFloat_FromDouble(stream_random(s));
}

static PyObject *
Stream_getrandbits(StreamObject *s, PyObject *arg)
{
    long k = PyLong_AsLong(arg);
    Py_ssize_t words, i;
    uint32_t *w;
    PyObject *out;
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < 0) {
        PyErr_SetString(PyExc_ValueError, "number of bits must be non-negative");
        return NULL;
    }
    if (k > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "Python int too large to convert to C int");
        return NULL;
    }
    if (k == 0)
        return PyLong_FromLong(0);
    if (k <= 64)
        return PyLong_FromUnsignedLongLong(bits64(s, (int)k));
    words = (k - 1) / 32 + 1;
    w = PyMem_New(uint32_t, words);
    if (w == NULL)
        return PyErr_NoMemory();
    for (i = 0; i < words; i++, k -= 32) {  /* least significant word first, as CPython fills them */
        uint32_t r = stream_next(s);
        if (k < 32)
            r >>= (32 - k);
        w[i] = r;
    }
    {
        unsigned char *b = (unsigned char *)PyMem_Malloc((size_t)words * 4);
        if (b == NULL) {
            PyMem_Free(w);
            return PyErr_NoMemory();
        }
        for (i = 0; i < words; i++) {
            b[4 * i] = (unsigned char)w[i];
            b[4 * i + 1] = (unsigned char)(w[i] >> 8);
            b[4 * i + 2] = (unsigned char)(w[i] >> 16);
            b[4 * i + 3] = (unsigned char)(w[i] >> 24);
        }
        out = _PyLong_FromByteArray(b, (size_t)words * 4, 1, 0);
        PyMem_Free(b);
    }
    PyMem_Free(w);
    return out;
}

static PyObject *
Stream_randbelow(StreamObject *s, PyObject *n)
{
    if (PyLong_CheckExact(n)) {
        unsigned long long v = PyLong_AsUnsignedLongLong(n);
        if (!(v == (unsigned long long)-1 && PyErr_Occurred())) {
            if (v == 0)
                goto empty;
            return PyLong_FromUnsignedLongLong(stream_below(s, v));
        }
        PyErr_Clear();
        if (_PyLong_Sign(n) < 0)
            goto empty;
    }
    else if (PyLong_Check(n) && _PyLong_Sign(n) <= 0)
        goto empty;
    return python_method("_randbelow", (PyObject *)s, &n, 1, NULL);
empty:
    PyErr_SetString(PyExc_ValueError, "_randbelow needs a number above 0");
    return NULL;
}

/* ------------------------------------------------------------------ sequences */
static PyObject *
Stream_shuffle(StreamObject *s, PyObject *x)
{
    Py_ssize_t i;
    if (!PyList_CheckExact(x))
        return python_method("shuffle", (PyObject *)s, &x, 1, NULL);
    for (i = PyList_GET_SIZE(x) - 1; i > 0; i--) {
        Py_ssize_t j = (Py_ssize_t)stream_below(s, (uint64_t)i + 1);
        PyObject **items = ((PyListObject *)x)->ob_item, *t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
    Py_RETURN_NONE;
}

static PyObject *
Stream_choice(StreamObject *s, PyObject *seq)
{
    Py_ssize_t n = PyObject_Size(seq), i;
    PyObject *at, *out;
    if (n < 0)
        return NULL;
    if (n == 0) {
        PyErr_SetString(PyExc_IndexError, "Cannot choose from an empty sequence");
        return NULL;
    }
    i = (Py_ssize_t)stream_below(s, (uint64_t)n);
    if (PyList_CheckExact(seq) && i < PyList_GET_SIZE(seq))
        return Py_NewRef(PyList_GET_ITEM(seq, i));
    if (PyTuple_CheckExact(seq))
        return Py_NewRef(PyTuple_GET_ITEM(seq, i));
    at = PyLong_FromSsize_t(i);
    if (at == NULL)
        return NULL;
    out = PyObject_GetItem(seq, at);
    Py_DECREF(at);
    return out;
}

/* The items of an exact list or tuple (borrowed) into *items; 0 when it is neither. */
static int
plain_items(PyObject *seq, PyObject ***items, Py_ssize_t *n)
{
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq))
        return 0;
    *n = PySequence_Fast_GET_SIZE(seq);
    *items = PySequence_Fast_ITEMS(seq);
    return 1;
}

/* whether `j` is in the open-addressed table (size a power of 2, -1 for empty); adds it if not */
static int
seen_add(Py_ssize_t *table, size_t mask, Py_ssize_t j)
{
    size_t h = ((size_t)j * 0x9E3779B97F4A7C15ULL) & mask;
    while (table[h] != -1) {
        if (table[h] == j)
            return 1;
        h = (h + 1) & mask;
    }
    table[h] = j;
    return 0;
}

/* Keyword arguments of a vectorcall: the value named `name`, or NULL (borrowed). */
static int
kw_only(PyObject *kwnames, PyObject *const *args, Py_ssize_t nargs, const char *const *allowed,
        PyObject **values)
{
    Py_ssize_t i, a;
    if (kwnames == NULL)
        return 1;
    for (i = 0; i < PyTuple_GET_SIZE(kwnames); i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i);
        for (a = 0; allowed[a] != NULL; a++)
            if (PyUnicode_CompareWithASCIIString(key, allowed[a]) == 0)
                break;
        if (allowed[a] == NULL || values[a] != NULL)
            return 0;  /* (unknown or given twice: Python says how) */
        values[a] = args[nargs + i];
    }
    return 1;
}

static PyObject *
Stream_sample(StreamObject *s, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const allowed[] = {"population", "k", "counts", NULL};
    PyObject *given[3] = {NULL, NULL, NULL}, **items, *result;
    Py_ssize_t n, i, a;
    long long k, setsize = 21;
    int overflow;
    for (a = 0; a < nargs && a < 2; a++)
        given[a] = args[a];
    if (nargs > 2 || !kw_only(kwnames, args, nargs, allowed, given) || given[0] == NULL || given[1] == NULL
        || (given[2] != NULL && given[2] != Py_None) || !PyLong_CheckExact(given[1])
        || !plain_items(given[0], &items, &n))
        return python_method("sample", (PyObject *)s, args, nargs, kwnames);
    k = PyLong_AsLongLongAndOverflow(given[1], &overflow);
    if (overflow || k < 0 || k > n) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "Sample larger than population or is negative");
        return NULL;
    }
    if (k > 5) {
        double e = ceil(log((double)(k * 3)) / log(4.0));
        setsize = e >= 31 ? ((long long)1 << 62) : setsize + ((long long)1 << (2 * (int)e));
    }
    result = PyList_New((Py_ssize_t)k);
    if (result == NULL)
        return NULL;
    if (n <= setsize) {
        PyObject **pool = PyMem_New(PyObject *, n > 0 ? n : 1);
        if (pool == NULL) {
            Py_DECREF(result);
            return PyErr_NoMemory();
        }
        memcpy(pool, items, sizeof(PyObject *) * (size_t)n);
        for (i = 0; i < k; i++) {
            Py_ssize_t j = (Py_ssize_t)stream_below(s, (uint64_t)(n - i));
            PyList_SET_ITEM(result, i, Py_NewRef(pool[j]));
            pool[j] = pool[n - i - 1];
        }
        PyMem_Free(pool);
    }
    else {
        size_t size = 8, mask;
        Py_ssize_t *table;
        while (size < (size_t)k * 2 + 2)
            size <<= 1;
        mask = size - 1;
        table = PyMem_New(Py_ssize_t, size);
        if (table == NULL) {
            Py_DECREF(result);
            return PyErr_NoMemory();
        }
        memset(table, 0xff, sizeof(Py_ssize_t) * size);
        for (i = 0; i < k; i++) {
            Py_ssize_t j = (Py_ssize_t)stream_below(s, (uint64_t)n);
            while (seen_add(table, mask, j))
                j = (Py_ssize_t)stream_below(s, (uint64_t)n);
            PyList_SET_ITEM(result, i, Py_NewRef(items[j]));
        }
        PyMem_Free(table);
    }
    return result;
}

#define EXACT_INT_LIMIT 9007199254740992LL  /* 2**53: every int up to it is a double exactly */

/* A plain weight (an exact float, or an exact int a double holds exactly) into *out; *is_int says
 * which. 0 when it is not one. */
static int
plain_number(PyObject *o, double *out, int *is_int, long long *as_int)
{
    if (PyFloat_CheckExact(o)) {
        *out = PyFloat_AS_DOUBLE(o);
        *is_int = 0;
        return 1;
    }
    if (PyLong_CheckExact(o)) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (overflow || v > EXACT_INT_LIMIT || v < -EXACT_INT_LIMIT)
            return 0;
        *out = (double)v;
        *as_int = v;
        *is_int = 1;
        return 1;
    }
    return 0;
}

/* The cumulative weights as Python's accumulate makes them (exact ints while every weight so far
 * is one, floats after), into cum[0..n). 0 when some weight is not plain or an int sum leaves the
 * exact range. */
int
stream_accumulate(PyObject *const *w, Py_ssize_t n, int already_cumulative, double *cum)
{
    Py_ssize_t i;
    int all_int = 1, is_int;
    long long isum = 0, iv = 0;
    double v, sum = 0.0;
    for (i = 0; i < n; i++) {
        if (!plain_number(w[i], &v, &is_int, &iv))
            return 0;
        if (already_cumulative) {
            cum[i] = v;
            continue;
        }
        if (all_int && is_int) {
            isum += iv;
            if (isum > EXACT_INT_LIMIT || isum < -EXACT_INT_LIMIT)
                return 0;
            sum = (double)isum;
        }
        else {
            all_int = 0;
            sum = i == 0 ? v : sum + v;
        }
        cum[i] = sum;
    }
    return 1;
}

/* bisect.bisect_right(cum, x, 0, hi) */
Py_ssize_t
stream_bisect(const double *cum, double x, Py_ssize_t hi)
{
    Py_ssize_t lo = 0;
    while (lo < hi) {
        Py_ssize_t mid = (Py_ssize_t)(((size_t)lo + (size_t)hi) / 2);
        if (x < cum[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* random.Random.choices' checks of the total: 0 and the total when they pass, -1 with its error */
int
stream_total(const double *cum, Py_ssize_t n, double *total)
{
    *total = cum[n - 1] + 0.0;
    if (*total <= 0.0) {
        PyErr_SetString(PyExc_ValueError, "Total of weights must be greater than zero");
        return -1;
    }
    if (!isfinite(*total)) {
        PyErr_SetString(PyExc_ValueError, "Total of weights must be finite");
        return -1;
    }
    return 0;
}

static PyObject *
Stream_choices(StreamObject *s, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const allowed[] = {"population", "weights", "cum_weights", "k", NULL};
    PyObject *given[4] = {NULL, NULL, NULL, NULL}, **items, **w = NULL, *result;
    Py_ssize_t n, nw = 0, i, a;
    long long k = 1;
    int overflow, cumulative = 0;
    double *cum = NULL, total = 0.0;
    for (a = 0; a < nargs && a < 2; a++)
        given[a] = args[a];
    if (nargs > 2 || !kw_only(kwnames, args, nargs, allowed, given) || given[0] == NULL
        || !plain_items(given[0], &items, &n))
        goto python;
    if (given[3] != NULL) {
        if (!PyLong_CheckExact(given[3]))
            goto python;
        k = PyLong_AsLongLongAndOverflow(given[3], &overflow);
        if (overflow || k > PY_SSIZE_T_MAX / 8)
            goto python;
    }
    if (k < 0)
        k = 0;
    if (given[1] == Py_None)
        given[1] = NULL;
    if (given[2] == Py_None)
        given[2] = NULL;
    if (given[1] != NULL && given[2] != NULL)
        goto python;
    if (given[1] != NULL || given[2] != NULL) {
        cumulative = given[2] != NULL;
        if (!plain_items(cumulative ? given[2] : given[1], &w, &nw) || n == 0)
            goto python;
        if (nw != n) {
            PyErr_SetString(PyExc_ValueError, "The number of weights does not match the population");
            return NULL;
        }
        cum = PyMem_New(double, n);
        if (cum == NULL)
            return PyErr_NoMemory();
        if (!stream_accumulate(w, n, cumulative, cum)) {
            PyMem_Free(cum);
            goto python;
        }
        if (stream_total(cum, n, &total) < 0) {
            PyMem_Free(cum);
            return NULL;
        }
    }
    else if (n == 0 && k > 0)
        goto python;  /* (an IndexError, as Python words it) */
    result = PyList_New((Py_ssize_t)k);
    if (result == NULL) {
        PyMem_Free(cum);
        return NULL;
    }
    for (i = 0; i < k; i++) {
        Py_ssize_t at;
        if (cum != NULL)
            at = stream_bisect(cum, stream_random(s) * total, n - 1);
        else {
            at = (Py_ssize_t)floor(stream_random(s) * (double)n);
            if (at >= n) {
                PyErr_SetString(PyExc_IndexError, "list index out of range");
                Py_DECREF(result);
                PyMem_Free(cum);
                return NULL;
            }
        }
        PyList_SET_ITEM(result, i, Py_NewRef(items[at]));
    }
    PyMem_Free(cum);
    return result;
python:
    return python_method("choices", (PyObject *)s, args, nargs, kwnames);
}

/* ------------------------------------------------------------------ the type */
/* random.Random's attributes this type does not define (randrange, randint, uniform, gauss,
 * VERSION, ...) put in its dict once `cls` is registered: its Python functions become methods of
 * this stream, drawing through the methods above. (In the dict, not a lookup hook: a method call
 * then stays CPython's fast one.) */
int
stream_adopt(PyObject *cls)
{
    PyObject *names = PyObject_Dir(cls), *dict = StreamType.tp_dict;
    Py_ssize_t i;
    if (names == NULL)
        return -1;
    for (i = 0; i < PyList_GET_SIZE(names); i++) {
        PyObject *name = PyList_GET_ITEM(names, i), *attr;
        int has = PyDict_Contains(dict, name);
        if (has < 0 || (has == 0 && PyObject_HasAttr((PyObject *)&PyBaseObject_Type, name)))
            has = has < 0 ? -1 : 1;
        if (has != 0) {
            if (has < 0)
                goto fail;
            continue;
        }
        attr = PyObject_GetAttr(cls, name);
        if (attr == NULL)
            goto fail;
        if ((PyFunction_Check(attr) || Py_TYPE(attr)->tp_descr_get == NULL) && PyDict_SetItem(dict, name, attr) < 0) {
            Py_DECREF(attr);
            goto fail;
        }
        Py_DECREF(attr);
    }
    Py_DECREF(names);
    PyType_Modified(&StreamType);
    return 0;
fail:
    Py_DECREF(names);
    return -1;
}

static int
Stream_traverse(StreamObject *s, visitproc visit, void *arg)
{
    Py_VISIT(s->gauss_next);
    return 0;
}

static int
Stream_clear(StreamObject *s)
{
    Py_CLEAR(s->gauss_next);
    return 0;
}

static void
Stream_dealloc(StreamObject *s)
{
    PyObject_GC_UnTrack(s);
    Stream_clear(s);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

#define METH(name, fn, flags, doc) {name, (PyCFunction)(void (*)(void))fn, flags, doc}

static PyMethodDef Stream_methods[] = {
    METH("seed", Stream_seed, METH_VARARGS | METH_KEYWORDS, "random.Random.seed"),
    METH("random", Stream_random, METH_NOARGS, "random.Random.random"),
    METH("getrandbits", Stream_getrandbits, METH_O, "random.Random.getrandbits"),
    METH("_randbelow", Stream_randbelow, METH_O, "random.Random._randbelow (n above 0)"),
    METH("shuffle", Stream_shuffle, METH_O, "random.Random.shuffle"),
    METH("choice", Stream_choice, METH_O, "random.Random.choice"),
    METH("sample", Stream_sample, METH_FASTCALL | METH_KEYWORDS, "random.Random.sample"),
    METH("choices", Stream_choices, METH_FASTCALL | METH_KEYWORDS, "random.Random.choices"),
    METH("getstate", Stream_getstate, METH_NOARGS, "random.Random.getstate: the same state"),
    METH("setstate", Stream_setstate, METH_O, "random.Random.setstate: the same state"),
    METH("__setstate__", Stream_setstate, METH_O, NULL),
    METH("__reduce__", Stream_reduce, METH_NOARGS, NULL),
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Stream_members[] = {
    {"gauss_next", T_OBJECT, offsetof(StreamObject, gauss_next), 0, "random.Random.gauss's kept number"},
    {NULL, 0, 0, 0, NULL},
};

PyTypeObject StreamType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ratdsl._kernels.Stream",
    .tp_doc = "A random stream drawing what random.Random draws for the same seed, in C.",
    .tp_basicsize = sizeof(StreamObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = Stream_new,
    .tp_init = (initproc)Stream_init,
    .tp_dealloc = (destructor)Stream_dealloc,
    .tp_traverse = (traverseproc)Stream_traverse,
    .tp_clear = (inquiry)Stream_clear,
    .tp_methods = Stream_methods,
    .tp_members = Stream_members,
};
