// <mlu.h>: alias of <bang.h>.
#pragma once
#include <bang.h>
