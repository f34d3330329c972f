#ifndef COFFEEGRID_CLibJPEG_SHIM_H
#define COFFEEGRID_CLibJPEG_SHIM_H
#include <stdio.h>
#include <jpeglib.h>
#endif
