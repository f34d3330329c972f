/* PNG reading and writing with libpng, for the shared thumbnail cache: the tEXt keys (Thumb::URI,
 * Thumb::MTime…) and BGRA pixels. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>
#include "cg_codecs.h"

typedef struct {
    char *message;
    int out_of_memory; /* libpng has no error codes: its allocator's failure is "Out of memory" */
} png_error_context;

static void png_error_handler(png_structp png, png_const_charp text) {
    png_error_context *c = (png_error_context *)png_get_error_ptr(png);
    snprintf(c->message, 200, "%s", text);
    if (strstr(text, "ut of memory") || strstr(text, "Insufficient memory")) c->out_of_memory = 1;
    png_longjmp(png, 1);
}

static void png_warning_handler(png_structp png, png_const_charp text) { (void)png; (void)text; }

typedef struct {
    const uint8_t *data;
    size_t size, offset;
    const int *cancel;
    int *cancelled;
} memory_reader;

/* libpng reads a chunk's header, then its data in pieces (image data 8 KB at a time): the cancel
 * flag is seen within a few kilobytes of decoding. */
static void read_memory(png_structp png, png_bytep out, png_size_t length) {
    memory_reader *r = (memory_reader *)png_get_io_ptr(png);
    if (r->cancel && __atomic_load_n(r->cancel, __ATOMIC_ACQUIRE)) { *r->cancelled = 1; png_error(png, "cancelled"); }
    if (length > r->size - r->offset) png_error(png, "truncated PNG");
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

static void hand_over_text(png_structp png, png_infop info, cg_text_fn text, void *context) {
    png_textp chunks = NULL;
    int count = 0;
    if (!text || !png_get_text(png, info, &chunks, &count)) return;
    for (int i = 0; i < count; i++)
        if (chunks[i].key && chunks[i].text) text(context, chunks[i].key, chunks[i].text);
}

/* Adds one decoded row (BGRA) into the block sums of the reduced row, 2^shift pixels each. */
static void accumulate(uint32_t *sums, const uint8_t *row, int out_width, int shift) {
    int block = 1 << shift;
    for (int x = 0; x < out_width; x++) {
        const uint8_t *p = row + (size_t)4 * x * block;
        uint32_t *s = sums + 4 * x;
        for (int k = 0; k < block; k++, p += 4) { s[0] += p[0]; s[1] += p[1]; s[2] += p[2]; s[3] += p[3]; }
    }
}

int cg_png_decode(const uint8_t *data, size_t size, const cg_png_request *request,
                  cg_alloc_fn alloc, cg_text_fn text, void *context, int *width, int *height, char message[200]) {
    int max_side = request->max_side, header_only = request->header_only;
    const int *cancel = request->cancel;
    png_error_context ec = {message, 0};
    message[0] = 0;
    *width = 0;
    *height = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(message, 200, "not a PNG file");
        return CG_ERROR;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ec, png_error_handler, png_warning_handler);
    if (!png) { snprintf(message, 200, "out of memory"); return CG_NO_MEMORY; }
    png_infop info = png_create_info_struct(png);
    png_infop end = png_create_info_struct(png);
    /* Volatile: changed after setjmp and read after a longjmp. */
    png_bytep *volatile rows = NULL;
    uint8_t *volatile row = NULL;
    uint32_t *volatile sums = NULL;
    int volatile code = CG_ERROR;
    int cancelled = 0;
    if (!info || !end || setjmp(png_jmpbuf(png))) {
        free(rows);
        free(row);
        free(sums);
        png_destroy_read_struct(&png, &info, &end);
        return cancelled ? CG_CANCELLED : ec.out_of_memory ? CG_NO_MEMORY : code;
    }
    memory_reader reader = {data, size, 0, cancel, &cancelled};
    png_set_read_fn(png, &reader, read_memory);
    png_set_user_limits(png, (png_uint_32)max_side, (png_uint_32)max_side);
    png_set_chunk_cache_max(png, CG_PNG_MAX_ANCILLARY_CHUNKS);
    png_set_chunk_malloc_max(png, CG_PNG_MAX_CHUNK_BYTES);
    /* A chunk over the limits (or a broken ancillary one) is dropped with a warning. */
    png_set_benign_errors(png, 1);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    *width = (int)w;
    *height = (int)h;
    hand_over_text(png, info, text, context);
    if (header_only) {
        png_destroy_read_struct(&png, &info, &end);
        return CG_OK;
    }
    /* Whatever the file holds, 8-bit BGRA comes out. */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_bgr(png);
    int interlaced = png_set_interlace_handling(png) > 1;
    png_read_update_info(png, info);
    /* The reduction: halve while the result would still cover the target, as the downscale would. */
    int shift = 0;
    if (!interlaced && request->target_width > 0 && request->target_height > 0)
        while (shift < 11 && (w >> (shift + 1)) >= (png_uint_32)request->target_width && (h >> (shift + 1)) >= (png_uint_32)request->target_height)
            shift++;
    int ow = (int)(w >> shift), oh = (int)(h >> shift);
    if (request->reserve) {
        size_t bytes = (size_t)ow * oh * 4 + (shift ? (size_t)w * 4 + (size_t)ow * 16 : 0) + (interlaced ? sizeof(png_bytep) * h : 0);
        if (request->reserve(context, bytes) != 0) { cancelled = 1; png_error(png, "cancelled"); }
    }
    int pitch = 0;
    uint8_t *pixels = alloc(context, ow, oh, &pitch);
    if (!pixels || pitch < 4 * ow) {
        code = CG_NO_MEMORY;
        png_error(png, "out of memory for the decoded image");
    }
    if (shift == 0 && interlaced) {
        rows = malloc(sizeof(png_bytep) * h);
        if (!rows) { code = CG_NO_MEMORY; png_error(png, "out of memory"); }
        for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * (size_t)pitch;
        png_read_image(png, rows);
    } else if (shift == 0) {
        for (png_uint_32 y = 0; y < h; y++) png_read_row(png, pixels + (size_t)y * (size_t)pitch, NULL);
    } else {
        /* Each 2^shift rows are summed into `sums`, then written out averaged (rounded). */
        row = malloc((size_t)w * 4);
        sums = calloc((size_t)ow * 4, sizeof(uint32_t));
        if (!row || !sums) { code = CG_NO_MEMORY; png_error(png, "out of memory"); }
        int block = 1 << shift;
        uint32_t round = (uint32_t)1 << (2 * shift - 1);
        for (png_uint_32 y = 0; y < h; y++) {
            png_read_row(png, row, NULL);
            int oy = (int)(y >> shift);
            if (oy >= oh) continue;  /* the last rows that fill no block are dropped, as a halving drops them */
            accumulate(sums, row, ow, shift);
            if ((int)(y & (png_uint_32)(block - 1)) == block - 1) {
                uint8_t *out = pixels + (size_t)oy * (size_t)pitch;
                for (int i = 0; i < ow * 4; i++) { out[i] = (uint8_t)((sums[i] + round) >> (2 * shift)); sums[i] = 0; }
            }
        }
    }
    png_read_end(png, end);
    hand_over_text(png, end, text, context);
    free(rows);
    free(row);
    free(sums);
    png_destroy_read_struct(&png, &info, &end);
    return CG_OK;
}

typedef struct {
    uint8_t *data;
    size_t size, capacity;
    int failed;
} memory_writer;

static void write_memory(png_structp png, png_bytep bytes, png_size_t length) {
    memory_writer *w = (memory_writer *)png_get_io_ptr(png);
    if (w->size + length > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity < w->size + length) capacity *= 2;
        uint8_t *grown = realloc(w->data, capacity);
        if (!grown) png_error(png, "out of memory");
        w->data = grown;
        w->capacity = capacity;
    }
    memcpy(w->data + w->size, bytes, length);
    w->size += length;
}

static void flush_memory(png_structp png) { (void)png; }

int cg_png_encode(const uint8_t *pixels, int width, int height, int pitch,
                  const char *const *keys, const char *const *values, int count, int level,
                  uint8_t **out, size_t *out_size, char message[200]) {
    png_error_context ec = {message, 0};
    message[0] = 0;
    *out = NULL;
    *out_size = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ec, png_error_handler, png_warning_handler);
    if (!png) { snprintf(message, 200, "out of memory"); return CG_NO_MEMORY; }
    png_infop info = png_create_info_struct(png);
    memory_writer writer = {NULL, 0, 0, 0};
    png_textp volatile text = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(writer.data);
        free(text);
        png_destroy_write_struct(&png, &info);
        return CG_ERROR;
    }
    png_set_write_fn(png, &writer, write_memory, flush_memory);
    png_set_compression_level(png, level);
    /* One filter for every row: trying all five (libpng's default for RGBA) doubles the time of a
     * fast-level write and gains little on photos. */
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (count > 0) {
        text = calloc((size_t)count, sizeof(png_text));
        if (!text) png_error(png, "out of memory");
        for (int i = 0; i < count; i++) {
            text[i].compression = PNG_TEXT_COMPRESSION_NONE;
            text[i].key = (png_charp)keys[i];
            text[i].text = (png_charp)values[i];
            text[i].text_length = strlen(values[i]);
        }
        png_set_text(png, info, text, count);
    }
    png_write_info(png, info);
    png_set_bgr(png);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * (size_t)pitch));
    png_write_end(png, info);
    free(text);
    text = NULL;
    png_destroy_write_struct(&png, &info);
    *out = writer.data;
    *out_size = writer.size;
    return CG_OK;
}
