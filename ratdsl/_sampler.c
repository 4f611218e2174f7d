/* ratdsl._kernels.FastSampling: the random and persona agents' fast protocol (fast_may,
 * fast_choose, fast_spread, fast_distribute: what the flat target's code asks), in C, drawing from
 * the agent's C stream (_stream.c). Its Python original is ratdsl/agents/sampling.py's class of
 * the same name; kernels.twin registers each of its methods, and an input not made for here (a
 * stream of another type, a weight that is no plain number, a limit on a distribution, ...) runs
 * that method instead, before anything is drawn. Both give the same answers from the same draws
 * (tests/test_c_random.py).
 *
 * `weights` None is the random agent: a choice is `rng.choice` of the positions, a spread draws a
 * number below the targets' count per token. A dict is a persona: each decision's answers weighed
 * by its table (1 for an answer not named), drawn as random.Random.choices draws them, uniformly
 * with `rng.choice` when no weight is above 0.
 */

#include "_kernels.h"
#include "structmember.h"
#include <math.h>

typedef struct {
    PyObject_HEAD
    PyObject *rng;
    PyObject *weights;
} SamplerObject;

int stream_accumulate(PyObject *const *w, Py_ssize_t n, int already_cumulative, double *cum);
Py_ssize_t stream_bisect(const double *cum, double x, Py_ssize_t hi);
int stream_total(const double *cum, Py_ssize_t n, double *total);

static PyObject *
original(const char *method, PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    char name[64];
    PyObject *fn, *stack[6];
    Py_ssize_t i;
    PyOS_snprintf(name, sizeof name, "FastSampling.%s", method);
    fn = kernels_twin(name);
    if (fn == NULL)
        return NULL;
    stack[0] = self;
    for (i = 0; i < nargs && i < 5; i++)
        stack[i + 1] = args[i];
    HandedOver++;
    return PyObject_Vectorcall(fn, stack, nargs + 1, NULL);
}

/* The decision's table of weights (borrowed; an empty table is NULL in *table), 0 when the agent's
 * weights are not an exact dict of exact dicts. */
static int
table_of(SamplerObject *a, PyObject *decision_id, PyObject **table)
{
    PyObject *t;
    if (!PyDict_CheckExact(a->weights))
        return 0;
    t = PyDict_GetItemWithError(a->weights, decision_id);
    if (t == NULL) {
        if (PyErr_Occurred())
            PyErr_Clear();
        *table = NULL;
        return !PyErr_Occurred();
    }
    if (!PyDict_CheckExact(t))
        return 0;
    *table = PyDict_GET_SIZE(t) ? t : NULL;
    return 1;
}

/* max(0.0, x): x when above 0, else the float 0.0 */
static inline double
at_least_zero(double x)
{
    return x > 0.0 ? x : 0.0;
}

/* max(0.0, float(table.get(key, 1.0))): 1 with *w, 0 when the weight is not an exact float or
 * int, -1 with an error */
static int
float_weight(PyObject *table, PyObject *key, double *w)
{
    PyObject *v = table ? PyDict_GetItemWithError(table, key) : NULL;
    if (v == NULL) {
        if (PyErr_Occurred())
            return -1;
        *w = 1.0;
        return 1;
    }
    if (PyFloat_CheckExact(v))
        *w = at_least_zero(PyFloat_AS_DOUBLE(v));
    else if (PyLong_CheckExact(v)) {
        double d = PyLong_AsDouble(v);
        if (d == -1.0 && PyErr_Occurred())
            return -1;  /* (float() says the same: too large) */
        *w = at_least_zero(d);
    }
    else
        return 0;
    return 1;
}

/* One of n answers weighed by w (random.Random.choices of them, or `choice` when no weight is
 * above 0): its position, or -1 with an error. */
static Py_ssize_t
weighed(StreamObject *rng, const double *w, Py_ssize_t n, double *cum)
{
    Py_ssize_t i;
    int any = 0;
    double total;
    for (i = 0; i < n; i++)
        any |= w[i] > 0.0;
    if (!any) {
        if (n == 0) {
            PyErr_SetString(PyExc_IndexError, "Cannot choose from an empty sequence");
            return -1;
        }
        return (Py_ssize_t)stream_below(rng, (uint64_t)n);
    }
    cum[0] = w[0];
    for (i = 1; i < n; i++)
        cum[i] = cum[i - 1] + w[i];
    if (stream_total(cum, n, &total) < 0)
        return -1;
    return stream_bisect(cum, stream_random(rng) * total, n - 1);
}

static PyObject *
Sampler_fast_may(SamplerObject *a, PyObject *decision_id)
{
    PyObject *table, *keys[2];
    double w[2], cum[2];
    Py_ssize_t i;
    int k, r;
    if (!Stream_Check(a->rng))
        return original("fast_may", (PyObject *)a, &decision_id, 1);
    if (a->weights == Py_None)
        return PyBool_FromLong(stream_random((StreamObject *)a->rng) < 0.5);
    if (!table_of(a, decision_id, &table))
        return original("fast_may", (PyObject *)a, &decision_id, 1);
    keys[0] = PyUnicode_InternFromString("yes");
    keys[1] = PyUnicode_InternFromString("no");
    for (k = 0, r = 1; k < 2 && r == 1; k++)
        r = keys[k] == NULL ? -1 : float_weight(table, keys[k], &w[k]);
    Py_XDECREF(keys[0]);
    Py_XDECREF(keys[1]);
    if (r < 0)
        return NULL;
    if (r == 0)
        return original("fast_may", (PyObject *)a, &decision_id, 1);
    i = weighed((StreamObject *)a->rng, w, 2, cum);
    return i < 0 ? NULL : PyBool_FromLong(i == 0);
}

static PyObject *
Sampler_fast_choose(SamplerObject *a, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *table = NULL, **options;
    Py_ssize_t n, count, i, at;
    double *w, *cum;
    int optional;
    if (nargs != 3 || !Stream_Check(a->rng) || !PyBool_Check(args[2])
        || !(PyList_CheckExact(args[1]) || PyTuple_CheckExact(args[1]))
        || (a->weights != Py_None && !table_of(a, args[0], &table)))
        return original("fast_choose", (PyObject *)a, args, nargs);
    optional = args[2] == Py_True;
    n = PySequence_Fast_GET_SIZE(args[1]);
    options = PySequence_Fast_ITEMS(args[1]);
    count = n + optional;
    if (a->weights == Py_None) {  /* rng.choice(range(count)) */
        if (count == 0) {
            PyErr_SetString(PyExc_IndexError, "Cannot choose from an empty sequence");
            return NULL;
        }
        at = (Py_ssize_t)stream_below((StreamObject *)a->rng, (uint64_t)count);
        return at == n ? Py_NewRef(Py_None) : PyLong_FromSsize_t(at);
    }
    w = PyMem_New(double, 2 * (count ? count : 1));
    if (w == NULL)
        return PyErr_NoMemory();
    cum = w + (count ? count : 1);
    for (i = 0; i < count; i++) {
        int r;
        if (table == NULL) {  /* (no table: every answer weighs 1, whatever its name) */
            w[i] = 1.0;
            continue;
        }
        if (i < n) {
            PyObject *key = PyObject_Str(options[i]);
            r = key == NULL ? -1 : float_weight(table, key, &w[i]);
            Py_XDECREF(key);
        }
        else {
            PyObject *key = PyUnicode_InternFromString("pass");
            r = key == NULL ? -1 : float_weight(table, key, &w[i]);
            Py_XDECREF(key);
        }
        if (r <= 0) {
            PyMem_Free(w);
            return r < 0 ? NULL : original("fast_choose", (PyObject *)a, args, nargs);
        }
    }
    at = weighed((StreamObject *)a->rng, w, count, cum);
    PyMem_Free(w);
    if (at < 0)
        return NULL;
    return at == n ? Py_NewRef(Py_None) : PyLong_FromSsize_t(at);
}

/* Tokens spread over the targets with no limit, counted by target position into counts[n]; 1 when
 * done, 0 when the inputs are not for here (nothing drawn), -1 with an error. */
static int
spread(SamplerObject *a, PyObject *decision_id, PyObject *targets, long long amount, long long *counts)
{
    StreamObject *rng = (StreamObject *)a->rng;
    Py_ssize_t n = PyList_GET_SIZE(targets), i, j;
    PyObject *table = NULL, **w = NULL, **names = ((PyListObject *)targets)->ob_item;
    double *cum = NULL, total = 0.0;
    long long t;
    int any = 0;
    for (i = 0; i < n; i++) {
        if (!PyUnicode_CheckExact(names[i]))
            return 0;
        if (a->weights != Py_None)  /* (a persona counts by name: a target named twice is Python's) */
            for (j = 0; j < i; j++)
                if (PyUnicode_Compare(names[i], names[j]) == 0)
                    return 0;
    }
    if (a->weights == Py_None && n == 0)
        return 0;
    if (a->weights != Py_None && !table_of(a, decision_id, &table))
        return 0;
    if (table != NULL && n > 0 && amount > 0) {  /* max(0.0, table.get(z, 1.0)), accumulated */
        PyObject *one = PyFloat_FromDouble(1.0), *zero = PyFloat_FromDouble(0.0);
        w = PyMem_New(PyObject *, n);
        cum = PyMem_New(double, n);
        if (one == NULL || zero == NULL || w == NULL || cum == NULL)
            goto nomem;
        for (i = 0; i < n; i++) {
            PyObject *v = PyDict_GetItemWithError(table, names[i]);
            double d;
            if (v == NULL && PyErr_Occurred())
                goto fail;
            v = v ? v : one;
            if (PyFloat_CheckExact(v))
                d = PyFloat_AS_DOUBLE(v);
            else if (PyLong_CheckExact(v) && !PyBool_Check(v))
                d = PyLong_AsDouble(v);
            else
                goto python;
            if (d == -1.0 && PyErr_Occurred()) {
                PyErr_Clear();
                goto python;
            }
            w[i] = d > 0.0 ? v : zero;  /* (the number itself, an int staying an int) */
            any |= d > 0.0;
        }
        if (any) {
            if (!stream_accumulate(w, n, 0, cum))
                goto python;
            if (stream_total(cum, n, &total) < 0)
                goto fail;
        }
        Py_DECREF(one);
        Py_DECREF(zero);
        PyMem_Free(w);
        w = NULL;
        goto draw;
    python:
        Py_XDECREF(one);
        Py_XDECREF(zero);
        PyMem_Free(w);
        PyMem_Free(cum);
        return 0;
    nomem:
        PyErr_NoMemory();
    fail:
        Py_XDECREF(one);
        Py_XDECREF(zero);
        PyMem_Free(w);
        PyMem_Free(cum);
        return -1;
    }
draw:
    for (t = 0; t < amount && n > 0; t++) {
        if (any)
            i = stream_bisect(cum, stream_random(rng) * total, n - 1);
        else
            i = (Py_ssize_t)stream_below(rng, (uint64_t)n);
        counts[i] += 1;
        if ((t & 0xffff) == 0xffff && PyErr_CheckSignals() < 0) {  /* a long spread stays interruptible */
            PyMem_Free(cum);
            return -1;
        }
    }
    PyMem_Free(cum);
    return 1;
}

/* the arguments of a spread: (targets: exact list, amount: an int from 0); 0 when not those */
static int
spread_args(PyObject *targets, PyObject *amount_o, long long *amount)
{
    int overflow;
    if (!PyList_CheckExact(targets) || !PyLong_CheckExact(amount_o))
        return 0;
    *amount = PyLong_AsLongLongAndOverflow(amount_o, &overflow);
    return !overflow && *amount >= 0 && *amount < (1LL << 62);
}

static PyObject *
Sampler_fast_spread(SamplerObject *a, PyObject *const *args, Py_ssize_t nargs)
{
    long long amount, *counts;
    PyObject *out;
    Py_ssize_t n, i;
    int r;
    if (nargs != 3 || !Stream_Check(a->rng) || !spread_args(args[1], args[2], &amount))
        return original("fast_spread", (PyObject *)a, args, nargs);
    n = PyList_GET_SIZE(args[1]);
    counts = PyMem_New(long long, n ? n : 1);
    if (counts == NULL)
        return PyErr_NoMemory();
    memset(counts, 0, sizeof(long long) * (size_t)(n ? n : 1));
    r = spread(a, args[0], args[1], amount, counts);
    if (r <= 0) {
        PyMem_Free(counts);
        return r < 0 ? NULL : original("fast_spread", (PyObject *)a, args, nargs);
    }
    out = PyList_New(n);
    for (i = 0; out != NULL && i < n; i++) {
        PyObject *o = PyLong_FromLongLong(counts[i]);
        if (o == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, o);
    }
    PyMem_Free(counts);
    return out;
}

static int
empty_limits(PyObject *o)
{
    return (PyList_CheckExact(o) || PyTuple_CheckExact(o)) && PySequence_Fast_GET_SIZE(o) == 0;
}

static PyObject *
Sampler_fast_distribute(SamplerObject *a, PyObject *const *args, Py_ssize_t nargs)
{
    long long amount, *counts;
    PyObject *out, *targets;
    Py_ssize_t n, i, j;
    int r;
    if (nargs != 5 || !Stream_Check(a->rng) || !spread_args(args[2], args[1], &amount) || !empty_limits(args[3])
        || !empty_limits(args[4]))
        return original("fast_distribute", (PyObject *)a, args, nargs);
    targets = args[2];
    n = PyList_GET_SIZE(targets);
    for (i = 0; i < n; i++)  /* (the answer is by name: a target named twice is Python's) */
        for (j = 0; j < i; j++)
            if (!PyUnicode_CheckExact(PyList_GET_ITEM(targets, i))
                || PyUnicode_Compare(PyList_GET_ITEM(targets, i), PyList_GET_ITEM(targets, j)) == 0)
                return original("fast_distribute", (PyObject *)a, args, nargs);
    if (n == 0)  /* (nothing to draw from: nothing is drawn, whoever plays) */
        return PyDict_New();
    counts = PyMem_New(long long, n);
    if (counts == NULL)
        return PyErr_NoMemory();
    memset(counts, 0, sizeof(long long) * (size_t)n);
    r = spread(a, args[0], targets, amount, counts);
    if (r <= 0) {
        PyMem_Free(counts);
        return r < 0 ? NULL : original("fast_distribute", (PyObject *)a, args, nargs);
    }
    out = PyDict_New();
    for (i = 0; out != NULL && i < n; i++) {
        PyObject *o;
        if (!counts[i])
            continue;
        o = PyLong_FromLongLong(counts[i]);
        if (o == NULL || PyDict_SetItem(out, PyList_GET_ITEM(targets, i), o) < 0)
            Py_CLEAR(out);
        Py_XDECREF(o);
    }
    PyMem_Free(counts);
    return out;
}

/* ------------------------------------------------------------------ the type */
static int
Sampler_init(SamplerObject *a, PyObject *args, PyObject *kw)
{
    static char *names[] = {"rng", "weights", NULL};
    PyObject *rng, *weights = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:FastSampling", names, &rng, &weights))
        return -1;
    Py_XSETREF(a->rng, Py_NewRef(rng));
    Py_XSETREF(a->weights, Py_NewRef(weights));
    return 0;
}

static PyObject *
Sampler_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    SamplerObject *a = (SamplerObject *)type->tp_alloc(type, 0);
    if (a != NULL) {
        a->rng = Py_NewRef(Py_None);
        a->weights = Py_NewRef(Py_None);
    }
    return (PyObject *)a;
}

/* pickled as (its type made bare, then rng, weights and its __dict__ set back) */
static PyObject *
Sampler_reduce(SamplerObject *a, PyObject *unused)
{
    PyObject *copyreg = PyImport_ImportModule("copyreg"), *newobj, *dict, *out;
    if (copyreg == NULL)
        return NULL;
    newobj = PyObject_GetAttrString(copyreg, "__newobj__");
    Py_DECREF(copyreg);
    if (newobj == NULL)
        return NULL;
    dict = PyObject_GetAttrString((PyObject *)a, "__dict__");
    if (dict == NULL) {
        PyErr_Clear();
        dict = Py_NewRef(Py_None);
    }
    out = Py_BuildValue("(N(O)(OON))", newobj, (PyObject *)Py_TYPE(a), a->rng, a->weights, dict);
    return out;
}

static PyObject *
Sampler_setstate(SamplerObject *a, PyObject *state)
{
    PyObject *rng, *weights, *dict;
    if (!PyArg_ParseTuple(state, "OOO:__setstate__", &rng, &weights, &dict))
        return NULL;
    Py_XSETREF(a->rng, Py_NewRef(rng));
    Py_XSETREF(a->weights, Py_NewRef(weights));
    if (dict != Py_None) {
        PyObject *mine = PyObject_GetAttrString((PyObject *)a, "__dict__");
        int rc;
        if (mine == NULL)
            return NULL;
        rc = PyDict_Update(mine, dict);
        Py_DECREF(mine);
        if (rc < 0)
            return NULL;
    }
    Py_RETURN_NONE;
}

static int
Sampler_traverse(SamplerObject *a, visitproc visit, void *arg)
{
    Py_VISIT(a->rng);
    Py_VISIT(a->weights);
    return 0;
}

static int
Sampler_clear(SamplerObject *a)
{
    Py_CLEAR(a->rng);
    Py_CLEAR(a->weights);
    return 0;
}

static void
Sampler_dealloc(SamplerObject *a)
{
    PyTypeObject *type = Py_TYPE(a);
    PyObject_GC_UnTrack(a);
    Sampler_clear(a);
    type->tp_free((PyObject *)a);  /* (a Python subclass's dealloc then lets go of its type) */
}

#define METH(name, fn, flags) {name, (PyCFunction)(void (*)(void))fn, flags, NULL}

static PyMethodDef Sampler_methods[] = {
    METH("fast_may", Sampler_fast_may, METH_O),
    METH("fast_choose", Sampler_fast_choose, METH_FASTCALL),
    METH("fast_spread", Sampler_fast_spread, METH_FASTCALL),
    METH("fast_distribute", Sampler_fast_distribute, METH_FASTCALL),
    METH("__reduce__", Sampler_reduce, METH_NOARGS),
    METH("__setstate__", Sampler_setstate, METH_O),
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Sampler_members[] = {
    {"rng", T_OBJECT, offsetof(SamplerObject, rng), 0, "the agent's random stream"},
    {"weights", T_OBJECT, offsetof(SamplerObject, weights), 0, "None, or a persona's weights by decision"},
    {NULL, 0, 0, 0, NULL},
};

PyTypeObject SamplerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ratdsl._kernels.FastSampling",
    .tp_doc = "The random and persona agents' fast protocol, in C (ratdsl/agents/sampling.py).",
    .tp_basicsize = sizeof(SamplerObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_new = Sampler_new,
    .tp_init = (initproc)Sampler_init,
    .tp_dealloc = (destructor)Sampler_dealloc,
    .tp_traverse = (traverseproc)Sampler_traverse,
    .tp_clear = (inquiry)Sampler_clear,
    .tp_methods = Sampler_methods,
    .tp_members = Sampler_members,
};
