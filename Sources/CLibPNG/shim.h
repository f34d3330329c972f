#ifndef COFFEEGRID_CLibPNG_SHIM_H
#define COFFEEGRID_CLibPNG_SHIM_H
#include <png.h>
#endif
