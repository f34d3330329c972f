#ifndef COFFEEGRID_CGifLib_SHIM_H
#define COFFEEGRID_CGifLib_SHIM_H
#include <gif_lib.h>
#endif
