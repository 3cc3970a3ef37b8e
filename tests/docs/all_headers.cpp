// Every public header a BANG C kernel file includes: tests/docs preprocesses
// this file once per profile and reads the declared built-in names from it.
#include <bang.h>
#include <bang_fusor.h>
#include <mlu.h>
