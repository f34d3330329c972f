#ifndef COFFEEGRID_CLibWebP_SHIM_H
#define COFFEEGRID_CLibWebP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
#endif
