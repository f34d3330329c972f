#ifndef COFFEEGRID_CG_CODECS_H
#define COFFEEGRID_CG_CODECS_H
/*
 * The C side of CoffeeGrid's image codecs: libjpeg-turbo (the libjpeg API), libpng and libexif.
 * These libraries report errors with longjmp, which Swift cannot survive, so every call that may
 * fail runs inside a setjmp here and comes back as a return code and a message. Plain C types only:
 * Swift imports this header without the libraries' own headers.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* --- Cancel flags: set from any thread, read by a decode in progress. --------------------------- */

void cg_flag_set(int *flag);
void cg_flag_clear(int *flag);
int cg_flag_get(const int *flag);

/* --- JPEG decoding ----------------------------------------------------------------------------- */

enum {
    CG_OK = 0,
    CG_ERROR = 1,          /* libjpeg/libpng refused the data; message says why */
    CG_CANCELLED = 2,      /* the cancel flag was set */
    CG_TOO_MANY_SCANS = 3, /* a progressive file with more scans than allowed */
    CG_NO_MEMORY = 4       /* the output buffer could not be had */
};

/* Called once the output size is known; returns rows of `*pitch` bytes, 4 bytes a pixel (BGRA in
 * memory, i.e. 0xAARRGGBB as a little-endian uint32), or NULL to give up. */
typedef uint8_t *(*cg_alloc_fn)(void *context, int width, int height, int *pitch);

/* Called once, before the decoder allocates anything large, with what it will hold (its own
 * buffers and the output); may wait for other decodes to give memory back. Non-zero: give up
 * (the decode was cancelled meanwhile). */
typedef int (*cg_reserve_fn)(void *context, size_t bytes);

typedef struct {
    /* The smallest size the result must still cover, as stored (before EXIF orientation). The
     * decoder picks the smallest DCT scale n/8 that covers it; 0×0 = full size. */
    int target_width, target_height;
    /* Progressive files with more scans than this stop with CG_TOO_MANY_SCANS (0 = no limit). */
    int max_scans;
    /* Bytes libjpeg may allocate for its own buffers (progressive coefficients); 0 = no limit. */
    long max_memory;
    /* Checked between rows and scans; non-zero stops the decode with CG_CANCELLED. May be NULL. */
    const int *cancel;
    /* Told the decode's memory (coefficients of a progressive file, the output) first. May be NULL. */
    cg_reserve_fn reserve;
    /* Only this part of the image, in fractions of it as stored (crop_width 0 = the whole): rows
     * above it are skipped (entropy-decoded, not transformed), rows below it never read, columns
     * outside it cut at iMCU edges. The result says the part actually decoded. */
    double crop_left, crop_top, crop_width, crop_height;
} cg_jpeg_request;

typedef struct {
    int width, height;               /* decoded size (stored orientation, after DCT scaling and the crop) */
    int full_width, full_height;     /* the whole image's size after DCT scaling */
    int crop_x, crop_y;              /* where the decoded part starts in the whole, after DCT scaling */
    int source_width, source_height; /* the frame's size as stored */
    int scale_num;                   /* the DCT scale used: scale_num / 8 */
    int scans;                       /* SOS markers read */
    int progressive;
    int color_space;                 /* 1 gray, 2 RGB, 3 YCbCr, 4 CMYK, 5 YCCK, 0 other */
    int adobe_inverted;              /* CMYK/YCCK with an Adobe marker: stored inverted */
    char message[200];
} cg_jpeg_result;

/* Decodes a whole JPEG held in memory. Returns a CG_ code; the result is filled as far as known. */
int cg_jpeg_decode(const uint8_t *data, size_t size, const cg_jpeg_request *request,
                   cg_alloc_fn alloc, void *context, cg_jpeg_result *result);

/* --- JPEG encoding (test pictures and the benchmark's camera photos) --------------------------- */

typedef struct {
    int quality;          /* 1…100 */
    int progressive;      /* libjpeg's standard progression */
    int grayscale;        /* one component */
    int cmyk;             /* input is C,M,Y,K bytes, written as Adobe (inverted) CMYK */
    int luma_h, luma_v;   /* the first component's sampling factors (0: libjpeg's 2×2) */
    const uint8_t *app1;  /* an APP1 payload to write first (e.g. "Exif\0\0" + TIFF); may be NULL */
    size_t app1_size;
} cg_jpeg_encode_options;

/* Encodes BGRA rows (or CMYK rows when options->cmyk). On CG_OK, *out is malloc'd (free with
 * cg_free) and *out_size its length. */
int cg_jpeg_encode(const uint8_t *pixels, int width, int height, int pitch, const cg_jpeg_encode_options *options,
                   uint8_t **out, size_t *out_size, char message[200]);

void cg_free(void *p);

/* Returns the heap's free memory to the system (glibc's malloc_trim), after a large decode. */
void cg_release_free_memory(void);

/* Heap policy for big blocks: served from the heap, up to `kept` bytes of free heap kept. */
void cg_heap_keep_big_blocks(size_t kept);

/* --- EXIF (libexif) ---------------------------------------------------------------------------- */

typedef struct {
    int orientation;              /* 1…8, 0 when absent or out of range */
    char date_time_original[20];  /* "YYYY:MM:DD HH:MM:SS", empty when absent */
} cg_exif_info;

/* Reads an APP1 payload (starting "Exif\0\0"). Returns 1 when it is EXIF data at all. */
int cg_exif_read(const uint8_t *data, size_t size, cg_exif_info *info);

/* --- PNG (libpng) ------------------------------------------------------------------------------ */

/* Text chunks are handed over one by one as they are read. */
typedef void (*cg_text_fn)(void *context, const char *key, const char *value);

/* Ancillary chunks (text, sPLT, unknown) libpng keeps, and the bytes one may take decompressed: 900
 * zTXt chunks each inflating to megabytes cost 19 s a decode without them. Chunks past the count
 * are skipped without being inflated; a chunk past the size is dropped (a warning, not an error). */
#define CG_PNG_MAX_ANCILLARY_CHUNKS 64
#define CG_PNG_MAX_CHUNK_BYTES (1 << 20)

typedef struct {
    /* Larger images are refused (libpng's user limits). */
    int max_side;
    /* Stop after the text chunks before the image data: no pixels, alloc not called. */
    int header_only;
    /* The smallest size the result must still cover; 0×0 = full size. A non-interlaced image is
     * read row by row and averaged in 2^k × 2^k blocks as it is read, so only the reduced picture
     * is ever held (an interlaced one needs every row at once and is decoded whole). */
    int target_width, target_height;
    /* Checked at every read: non-zero stops the decode with CG_CANCELLED. May be NULL. */
    const int *cancel;
    /* Told the decode's memory first. May be NULL. */
    cg_reserve_fn reserve;
} cg_png_request;

/* Decodes a PNG in memory to BGRA via `alloc`; `*width`/`*height` are the image's own size (the
 * surface `alloc` gave may be smaller, see target_width). */
int cg_png_decode(const uint8_t *data, size_t size, const cg_png_request *request,
                  cg_alloc_fn alloc, cg_text_fn text, void *context, int *width, int *height, char message[200]);

/* Encodes BGRA rows as an 8-bit RGBA non-interlaced PNG with tEXt chunks (keys[i] = values[i]),
 * before the image data. zlib `level` 0…9. On CG_OK, *out is malloc'd (free with cg_free). */
int cg_png_encode(const uint8_t *pixels, int width, int height, int pitch,
                  const char *const *keys, const char *const *values, int count, int level,
                  uint8_t **out, size_t *out_size, char message[200]);

#ifdef __cplusplus
}
#endif
#endif
