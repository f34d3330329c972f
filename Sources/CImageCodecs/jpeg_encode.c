/* JPEG encoding for generated pictures: test fixtures (orientations, grayscale, CMYK, progressive)
 * and the benchmark's camera photos. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include "cg_codecs.h"

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
} encode_error_mgr;

static void encode_error_exit(j_common_ptr cinfo) {
    encode_error_mgr *err = (encode_error_mgr *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(err->message, 200, "%s", text);
    longjmp(err->jump, 1);
}

static void encode_output_message(j_common_ptr cinfo) { (void)cinfo; }

int cg_jpeg_encode(const uint8_t *pixels, int width, int height, int pitch, const cg_jpeg_encode_options *options,
                   uint8_t **out, size_t *out_size, char message[200]) {
    struct jpeg_compress_struct cinfo;
    encode_error_mgr err;
    /* Volatile: read after a longjmp back into this frame. */
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    message[0] = 0;
    *out = NULL;
    *out_size = 0;
    err.message = message;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = encode_error_exit;
    err.pub.output_message = encode_output_message;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return CG_ERROR;
    }
    jpeg_create_compress(&cinfo);
    unsigned char *mem = NULL;
    jpeg_mem_dest(&cinfo, &mem, &length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = options->cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    jpeg_set_defaults(&cinfo);
    if (options->grayscale) jpeg_set_colorspace(&cinfo, JCS_GRAYSCALE);
    /* libjpeg writes CMYK with an Adobe marker, which says the values are stored inverted. */
    jpeg_set_quality(&cinfo, options->quality, TRUE);
    if (options->luma_h > 0 && options->luma_v > 0 && cinfo.num_components > 1) {
        cinfo.comp_info[0].h_samp_factor = options->luma_h;
        cinfo.comp_info[0].v_samp_factor = options->luma_v;
    }
    if (options->progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (options->app1 && options->app1_size > 0)
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, options->app1, (unsigned)options->app1_size);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * (size_t)pitch);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    buffer = mem;
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = length;
    return CG_OK;
}
