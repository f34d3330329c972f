#ifndef COFFEEGRID_CLibHeif_SHIM_H
#define COFFEEGRID_CLibHeif_SHIM_H
#include <libheif/heif.h>
#endif
