#ifndef COFFEEGRID_CLibExif_SHIM_H
#define COFFEEGRID_CLibExif_SHIM_H
#include <libexif/exif-data.h>
#endif
