/* What the parts of the extension ratdsl._kernels share: the random stream (_stream.c) that the
 * kernels (_kernels.c) and the agents' sampling (_sampler.c) draw from without a Python call,
 * and the Python twins every part hands the inputs it was not made for to. */

#ifndef RATDSL_KERNELS_H
#define RATDSL_KERNELS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MT_N 624
#define LIMIT (1LL << 62)  /* counts, totals and the ints the twins work on stay below this: no 64-bit overflow */

/* A Mersenne Twister with the state and the algorithms of CPython's random.Random. */
typedef struct {
    PyObject_HEAD
    int index;
    uint32_t state[MT_N];
    PyObject *gauss_next;  /* random.Random.gauss keeps its second number here */
} StreamObject;

extern PyTypeObject StreamType;
extern PyTypeObject SamplerType;

#define Stream_Check(o) (Py_TYPE(o) == &StreamType)

uint32_t stream_next(StreamObject *s);
/* takes random.Random's methods this type does not write (see _stream.c) */
int stream_adopt(PyObject *cls);
/* random.Random.random(): 53 random bits as a float in [0, 1) */
double stream_random(StreamObject *s);
/* one number below n (1 <= n <= 2**64 - 1) as random.Random._randbelow draws it */
uint64_t stream_below(StreamObject *s, uint64_t n);

/* The Python twin registered under `name` (see _kernels.c's `fallback`), borrowed; NULL with an
 * error set when there is none. */
PyObject *kernels_twin(const char *name);
extern PyTypeObject *CardType;  /* the cards' class (setup's card_type), or NULL before setup */
extern PyObject *Twins;  /* dict: name -> Python twin (a function, or a class for a type) */
extern Py_ssize_t HandedOver;  /* calls handed to a Python twin (the tests read it) */

/* An exact int (not a bool) of size below 2**62, into *out; 0 when it is not one. */
int small_int(PyObject *o, long long *out);

/* The twins of the flat target's helpers for general values (_general.c: flat/dyn.py). */
PyObject *g_d_key(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_d_eq(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_d_in(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_d_encode(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_as_zone(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_as_player(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_d_size(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_d_index(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_joined_lists(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);
PyObject *g_card_in(PyObject *mod, PyObject *const *args, Py_ssize_t nargs);

#endif
