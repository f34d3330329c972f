#ifndef COFFEEGRID_CLibMD_SHIM_H
#define COFFEEGRID_CLibMD_SHIM_H
#include <md5.h>
#endif
