/* Compiled twins of the flat target's helpers for general values (ratdsl/engine/flat/dyn.py): a
 * value of several kinds, where a seat is the box ("p", n), a zone ("z", n), and names, numbers,
 * yes/no values, none and lists are themselves. Plan steps written as tagged lists, such as
 * ["raid", ("z", 12), ("p", 2)], are compared, keyed and shown to agents again and again: in
 * Python function calls, that was half of one bundled game's time.
 *
 * As in _kernels.c, each twin gives exactly what its Python original gives, by doing the work only
 * for the plain values the generated code passes (exact lists, tuples, str, int, bool and None,
 * boxes of two items, small ints, nesting no deeper than MAX_DEPTH) and handing any other call,
 * whole and before anything is built, to the original (which also raises what it raises: Abort
 * for a value of another kind, RecursionError for a list nested too deep).
 */

#include "_kernels.h"

#define MAX_DEPTH 48      /* lists nested deeper are left to Python */
#define MAX_ITEMS 100000  /* semantics/operators.py's MAX_ITEMS: the most items of a list */

static PyObject *s_l, *s_p, *s_z, *s_int, *s_bool;

static int
ready(void)
{
    if (s_l != NULL)
        return 1;
    s_l = PyUnicode_InternFromString("l");
    s_p = PyUnicode_InternFromString("p");
    s_z = PyUnicode_InternFromString("z");
    s_int = PyUnicode_InternFromString("int");
    s_bool = PyUnicode_InternFromString("bool");
    return s_l && s_p && s_z && s_int && s_bool;
}

static PyObject *
hand_over(const char *name, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *fn = kernels_twin(name);
    if (fn == NULL)
        return NULL;
    HandedOver++;
    return PyObject_Vectorcall(fn, args, nargs, NULL);
}

/* A box: an exact tuple of two items whose first is the exact str `tag` (compared by value). */
static int
boxed(PyObject *x, PyObject *tag)
{
    PyObject *first;
    if (!PyTuple_CheckExact(x) || PyTuple_GET_SIZE(x) != 2)
        return 0;
    first = PyTuple_GET_ITEM(x, 0);
    return first == tag || (PyUnicode_CheckExact(first) && PyUnicode_Compare(first, tag) == 0);
}

/* A plain value: one of the exact classes handled here (lists are looked into by the callers). */
static int
atom(PyObject *x)
{
    return x == Py_None || PyUnicode_CheckExact(x) || PyLong_CheckExact(x) || PyBool_Check(x)
        || PyTuple_CheckExact(x);
}

/* ------------------------------------------------------------------ d_key */
/* 1: done (*out set, a new reference); 0: not plain, hand the call over; -1: an error. */
static int
key_of(PyObject *x, int depth, PyObject **out)
{
    Py_ssize_t i, n;
    PyObject *t;
    if (x == Py_None || PyUnicode_CheckExact(x) || PyTuple_CheckExact(x)) {
        *out = Py_NewRef(x);
        return 1;
    }
    if (PyBool_Check(x)) {
        *out = PyTuple_Pack(2, s_bool, x);
        return *out ? 1 : -1;
    }
    if (PyLong_CheckExact(x)) {
        *out = PyTuple_Pack(2, s_int, x);
        return *out ? 1 : -1;
    }
    if (!PyList_CheckExact(x) || depth >= MAX_DEPTH)
        return 0;
    n = PyList_GET_SIZE(x);
    t = PyTuple_New(n + 1);
    if (t == NULL)
        return -1;
    PyTuple_SET_ITEM(t, 0, Py_NewRef(s_l));
    for (i = 0; i < n; i++) {
        PyObject *item, *k;
        int r;
        if (i >= PyList_GET_SIZE(x)) {  /* (nothing here changes a list: kept safe all the same) */
            Py_DECREF(t);
            return 0;
        }
        item = PyList_GET_ITEM(x, i);
        r = key_of(item, depth + 1, &k);
        if (r <= 0) {
            Py_DECREF(t);
            return r;
        }
        PyTuple_SET_ITEM(t, i + 1, k);
    }
    *out = t;
    return 1;
}

/* dyn.d_key: a hashable key equal for two values exactly when the language says they are. */
PyObject *
g_d_key(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *out;
    int r;
    if (nargs != 1 || !ready())
        return hand_over("d_key", args, nargs);
    r = key_of(args[0], 0, &out);
    if (r < 0)
        return NULL;
    return r ? out : hand_over("d_key", args, nargs);
}

/* ------------------------------------------------------------------ d_eq, d_in */
/* 1 equal, 0 not, -1 an error, -2 not plain (hand the call over). */
static int
equal(PyObject *a, PyObject *b, int depth)
{
    Py_ssize_t i, n;
    if (Py_TYPE(a) != Py_TYPE(b))
        return 0;
    if (PyList_CheckExact(a)) {
        if (depth >= MAX_DEPTH)
            return -2;
        n = PyList_GET_SIZE(a);
        if (n != PyList_GET_SIZE(b))
            return 0;
        for (i = 0; i < n && i < PyList_GET_SIZE(a) && i < PyList_GET_SIZE(b); i++) {
            int r = equal(PyList_GET_ITEM(a, i), PyList_GET_ITEM(b, i), depth + 1);
            if (r != 1)
                return r;
        }
        return 1;
    }
    if (!atom(a))
        return -2;
    if (PyTuple_CheckExact(a)) {  /* (a box: its items are a str and an int, compared as Python does) */
        for (i = 0; i < PyTuple_GET_SIZE(a); i++)
            if (!atom(PyTuple_GET_ITEM(a, i)) || PyTuple_CheckExact(PyTuple_GET_ITEM(a, i)))
                return -2;
        for (i = 0; i < PyTuple_GET_SIZE(b); i++)
            if (!atom(PyTuple_GET_ITEM(b, i)) || PyTuple_CheckExact(PyTuple_GET_ITEM(b, i)))
                return -2;
    }
    return PyObject_RichCompareBool(a, b, Py_EQ);
}

/* dyn.d_eq: the language's equality of two general values. */
PyObject *
g_d_eq(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    int r;
    if (nargs != 2)
        return hand_over("d_eq", args, nargs);
    r = equal(args[0], args[1], 0);
    if (r == -1)
        return NULL;
    if (r == -2)
        return hand_over("d_eq", args, nargs);
    return PyBool_FromLong(r);
}

/* dyn.d_in: whether a list holds an item equal to x (the first found ends the search). */
PyObject *
g_d_in(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t i;
    if (nargs != 2 || !PyList_CheckExact(args[1]))
        return hand_over("d_in", args, nargs);
    for (i = 0; i < PyList_GET_SIZE(args[1]); i++) {
        int r = equal(args[0], PyList_GET_ITEM(args[1], i), 0);
        if (r == -1)
            return NULL;
        if (r == -2)  /* (nothing was changed: the original looks through the list again) */
            return hand_over("d_in", args, nargs);
        if (r == 1)
            Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

/* ------------------------------------------------------------------ d_encode */
/* 1: done (*out a new reference); 0: hand over; -1: an error. */
static int
encode(PyObject *x, PyObject *labels, long long width, int depth, PyObject **out)
{
    Py_ssize_t i, n;
    long long v;
    if (PyTuple_CheckExact(x)) {
        if (PyTuple_GET_SIZE(x) != 2 || !small_int(PyTuple_GET_ITEM(x, 1), &v))
            return 0;
        if (boxed(x, s_p)) {
            *out = PyUnicode_FromFormat("P%lld", v + 1);
            return *out ? 1 : -1;
        }
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(x, 0)) || v < 0 || v / width >= PyList_GET_SIZE(labels))
            return 0;
        *out = Py_NewRef(PyList_GET_ITEM(labels, (Py_ssize_t)(v / width)));
        return 1;
    }
    if (PyList_CheckExact(x)) {
        PyObject *list;
        if (depth >= MAX_DEPTH)
            return 0;
        n = PyList_GET_SIZE(x);
        list = PyList_New(n);
        if (list == NULL)
            return -1;
        for (i = 0; i < n; i++) {
            PyObject *item = PyList_GET_ITEM(x, i), *e;
            int r;
            if (PyUnicode_CheckExact(item)) {
                PyList_SET_ITEM(list, i, Py_NewRef(item));
                continue;
            }
            r = encode(item, labels, width, depth + 1, &e);
            if (r <= 0) {
                Py_DECREF(list);
                return r;
            }
            PyList_SET_ITEM(list, i, e);
        }
        *out = list;
        return 1;
    }
    if (x == Py_None || PyUnicode_CheckExact(x) || PyLong_CheckExact(x) || PyBool_Check(x)) {
        *out = Py_NewRef(x);
        return 1;
    }
    return 0;  /* (a card, a bundle: the original) */
}

/* dyn.d_encode: what the reference shows an agent of a general value (values.encode). */
PyObject *
g_d_encode(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *out;
    long long width;
    int r;
    if (nargs != 3 || !ready() || !PyList_CheckExact(args[1]) || !small_int(args[2], &width) || width <= 0)
        return hand_over("d_encode", args, nargs);
    r = encode(args[0], args[1], width, 0, &out);
    if (r < 0)
        return NULL;
    return r ? out : hand_over("d_encode", args, nargs);
}

/* ------------------------------------------------------------------ unboxing, sizes, indexes */
/* `tag` is read after ready(): the interned names are made at the first call of any twin. */
static PyObject *
unbox(const char *name, PyObject **tag, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1 || !ready() || !boxed(args[0], *tag))
        return hand_over(name, args, nargs);
    return Py_NewRef(PyTuple_GET_ITEM(args[0], 1));
}

/* dyn.as_zone and dyn.as_player: a box's flat value (anything else: the original stops). */
PyObject *
g_as_zone(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    return unbox("as_zone", &s_z, args, nargs);
}

PyObject *
g_as_player(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    return unbox("as_player", &s_p, args, nargs);
}

/* dyn.d_size: a list's length, or the tokens of a boxed zone (Z[z:z + width] summed). */
PyObject *
g_d_size(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    long long z, width, v, total = 0, k;
    if (nargs != 3 || !ready())
        return hand_over("d_size", args, nargs);
    if (PyList_CheckExact(args[0]))
        return PyLong_FromSsize_t(PyList_GET_SIZE(args[0]));
    if (!boxed(args[0], s_z) || !small_int(PyTuple_GET_ITEM(args[0], 1), &z) || !PyList_CheckExact(args[1])
        || !small_int(args[2], &width) || z < 0 || width < 0 || z + width > PyList_GET_SIZE(args[1]))
        return hand_over("d_size", args, nargs);
    for (k = 0; k < width; k++) {
        if (!small_int(PyList_GET_ITEM(args[1], (Py_ssize_t)(z + k)), &v))
            return hand_over("d_size", args, nargs);
        total += v;
        if (total <= -LIMIT || total >= LIMIT)
            return hand_over("d_size", args, nargs);
    }
    return PyLong_FromLongLong(total);
}

/* dyn.d_index: a player's zone of a space, (boxed seat)[boxed zone]; a list's item and anything
   else go to the original. */
PyObject *
g_d_index(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *found, *n, *out;
    long long seat, base, stride, z;
    if (nargs != 4 || !ready() || !boxed(args[0], s_p) || !boxed(args[1], s_z) || !PyDict_CheckExact(args[2])
        || !small_int(PyTuple_GET_ITEM(args[0], 1), &seat) || !small_int(args[3], &stride)
        || !small_int(PyTuple_GET_ITEM(args[1], 1), &z))
        return hand_over("d_index", args, nargs);
    found = PyDict_GetItemWithError(args[2], PyTuple_GET_ITEM(args[1], 1));
    if (found == NULL) {
        if (PyErr_Occurred())
            return NULL;
        return hand_over("d_index", args, nargs);
    }
    if (!small_int(found, &base) || seat <= -(1LL << 30) || seat >= (1LL << 30) || stride <= -(1LL << 30)
        || stride >= (1LL << 30) || base <= -(1LL << 60) || base >= (1LL << 60))
        return hand_over("d_index", args, nargs);
    n = PyLong_FromLongLong(base + seat * stride);
    if (n == NULL)
        return NULL;
    out = PyTuple_Pack(2, s_z, n);
    Py_DECREF(n);
    return out;
}

/* ------------------------------------------------------------------ joined_lists */
/* flat/lists.joined_lists: two exact lists joined, when the result stays within MAX_ITEMS; a
   longer one (the original stops the flat code) and anything else go to the original. */
PyObject *
g_joined_lists(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyList_CheckExact(args[0]) || !PyList_CheckExact(args[1])
        || PyList_GET_SIZE(args[0]) + PyList_GET_SIZE(args[1]) > MAX_ITEMS)
        return hand_over("joined_lists", args, nargs);
    return PySequence_Concat(args[0], args[1]);
}

/* ------------------------------------------------------------------ card_in */
/* flat/lists.card_in: `card in cards` of a card and a list of cards, which are equal by name
   (CardValue.__eq__), compared here as strings; an item that is neither a card nor none, or a
   name that is not an exact str, goes to the original (nothing is changed on the way). */
PyObject *
g_card_in(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    static PyObject *s_name = NULL;
    PyObject *name, *cards;
    Py_ssize_t i;
    int found = 0;
    if (nargs != 2 || CardType == NULL || Py_TYPE(args[0]) != CardType || !PyList_CheckExact(args[1]))
        return hand_over("card_in", args, nargs);
    if (s_name == NULL && (s_name = PyUnicode_InternFromString("name")) == NULL)
        return NULL;
    name = PyObject_GetAttr(args[0], s_name);
    if (name == NULL)
        return NULL;
    if (!PyUnicode_CheckExact(name)) {
        Py_DECREF(name);
        return hand_over("card_in", args, nargs);
    }
    cards = args[1];
    for (i = 0; !found && i < PyList_GET_SIZE(cards); i++) {
        PyObject *held = PyList_GET_ITEM(cards, i), *other;
        if (held == args[0]) {
            found = 1;
            break;
        }
        if (held == Py_None)
            continue;
        if (Py_TYPE(held) != CardType) {
            Py_DECREF(name);
            return hand_over("card_in", args, nargs);
        }
        other = PyObject_GetAttr(held, s_name);
        if (other == NULL) {
            Py_DECREF(name);
            return NULL;
        }
        if (!PyUnicode_CheckExact(other)) {
            Py_DECREF(other);
            Py_DECREF(name);
            return hand_over("card_in", args, nargs);
        }
        found = PyUnicode_Compare(other, name) == 0;
        Py_DECREF(other);
    }
    Py_DECREF(name);
    return PyBool_FromLong(found);
}
