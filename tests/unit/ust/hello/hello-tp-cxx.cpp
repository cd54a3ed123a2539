// The documentation's hello-tp.c, compiled as C++.
#include "hello-tp.c"
