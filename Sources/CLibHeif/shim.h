#ifndef COFFEEGRID_CLibHeif_SHIM_H
#define COFFEEGRID_CLibHeif_SHIM_H
#include <libheif/heif.h>

/* libheif is opened the first time a HEIF or AVIF file is decoded (PhotoLibrary's LibHeif), not
   linked: loading it and its codecs (libde265, x265, aom, dav1d) took ~7 ms of every launch. These
   name the types of the functions CoffeeGrid calls, for dlsym; taking a type names no symbol. */
#define COFFEEGRID_HEIF_FUNCTION(name) typedef __typeof__(&name) cg_##name##_fn;
COFFEEGRID_HEIF_FUNCTION(heif_init)
COFFEEGRID_HEIF_FUNCTION(heif_context_alloc)
COFFEEGRID_HEIF_FUNCTION(heif_context_free)
COFFEEGRID_HEIF_FUNCTION(heif_context_set_maximum_image_size_limit)
COFFEEGRID_HEIF_FUNCTION(heif_context_read_from_memory_without_copy)
COFFEEGRID_HEIF_FUNCTION(heif_context_get_primary_image_handle)
COFFEEGRID_HEIF_FUNCTION(heif_image_handle_release)
COFFEEGRID_HEIF_FUNCTION(heif_image_handle_get_width)
COFFEEGRID_HEIF_FUNCTION(heif_image_handle_get_height)
COFFEEGRID_HEIF_FUNCTION(heif_image_handle_get_number_of_thumbnails)
COFFEEGRID_HEIF_FUNCTION(heif_image_handle_get_list_of_thumbnail_IDs)
COFFEEGRID_HEIF_FUNCTION(heif_image_handle_get_thumbnail)
COFFEEGRID_HEIF_FUNCTION(heif_decoding_options_alloc)
COFFEEGRID_HEIF_FUNCTION(heif_decoding_options_free)
COFFEEGRID_HEIF_FUNCTION(heif_decode_image)
COFFEEGRID_HEIF_FUNCTION(heif_image_release)
COFFEEGRID_HEIF_FUNCTION(heif_image_get_width)
COFFEEGRID_HEIF_FUNCTION(heif_image_get_height)
COFFEEGRID_HEIF_FUNCTION(heif_image_get_plane_readonly)
#undef COFFEEGRID_HEIF_FUNCTION
#endif
