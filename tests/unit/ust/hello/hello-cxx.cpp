// The documentation's hello.c, compiled as C++.
#include "hello.c"
