/*
 * JPEG decoding on libjpeg-turbo's libjpeg API: DCT-domain scaling (scale_num/8), CMYK/YCCK
 * converted here, and a progress monitor that stops a decode when its cancel flag is set or a
 * progressive file has more scans than allowed (as djpeg -maxscans does: a small file of thousands
 * of empty scans would otherwise take minutes). EXIF orientation is read by the caller's header walk.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <jpeglib.h>
#include <jerror.h>
#include "cg_codecs.h"

void cg_flag_set(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }
void cg_flag_clear(int *flag) { __atomic_store_n(flag, 0, __ATOMIC_RELEASE); }
int cg_flag_get(const int *flag) { return __atomic_load_n(flag, __ATOMIC_ACQUIRE); }

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int code;
    char *message; /* CG_JPEG message buffer (200 bytes) */
} error_mgr;

typedef struct {
    struct jpeg_progress_mgr pub;
    j_decompress_ptr cinfo;
    error_mgr *err;
    int max_scans;
    const int *cancel;
} progress_mgr;

static void fail(error_mgr *err, int code, const char *text) {
    err->code = code;
    snprintf(err->message, 200, "%s", text);
    longjmp(err->jump, 1);
}

static void error_exit(j_common_ptr cinfo) {
    error_mgr *err = (error_mgr *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    /* "Insufficient memory (case N)": malloc failed, which says nothing about the file. */
    fail(err, cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? CG_NO_MEMORY : CG_ERROR, text);
}

/* Warnings (corrupt data the decoder works around) are not printed: the caller decides. */
static void output_message(j_common_ptr cinfo) { (void)cinfo; }

static void progress(j_common_ptr cinfo) {
    progress_mgr *p = (progress_mgr *)cinfo->progress;
    if (p->cancel && __atomic_load_n(p->cancel, __ATOMIC_ACQUIRE)) fail(p->err, CG_CANCELLED, "cancelled");
    if (p->max_scans > 0 && p->cinfo->input_scan_number > p->max_scans) {
        char text[200];
        snprintf(text, sizeof text, "too many progressive scans (more than %d)", p->max_scans);
        fail(p->err, CG_TOO_MANY_SCANS, text);
    }
}

static int color_space_code(J_COLOR_SPACE cs) {
    switch (cs) {
    case JCS_GRAYSCALE: return 1;
    case JCS_RGB: return 2;
    case JCS_YCbCr: return 3;
    case JCS_CMYK: return 4;
    case JCS_YCCK: return 5;
    default: return 0;
    }
}

static unsigned scaled(unsigned side, unsigned num) { return (side * num + 7) / 8; }

/* CMYK (inverted when Adobe wrote it, as Photoshop does) to opaque BGRA, in place. */
static void cmyk_to_bgra(uint8_t *row, int width, int inverted) {
    for (int x = 0; x < width; x++) {
        uint8_t *p = row + 4 * x;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        /* Each byte is now 255 - ink, the light let through: R = C'K'/255. */
        p[2] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[0] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

int cg_jpeg_decode(const uint8_t *data, size_t size, const cg_jpeg_request *request,
                   cg_alloc_fn alloc, void *context, cg_jpeg_result *result) {
    struct jpeg_decompress_struct cinfo;
    error_mgr err;
    progress_mgr prog;
    memset(result, 0, sizeof *result);
    err.message = result->message;
    err.code = CG_OK;

    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = error_exit;
    err.pub.output_message = output_message;
    if (setjmp(err.jump)) {
        result->scans = cinfo.input_scan_number;
        jpeg_destroy_decompress(&cinfo);
        return err.code;
    }
    jpeg_create_decompress(&cinfo);
    if (request->max_memory > 0) cinfo.mem->max_memory_to_use = request->max_memory;
    prog.pub.progress_monitor = progress;
    prog.cinfo = &cinfo;
    prog.err = &err;
    prog.max_scans = request->max_scans;
    prog.cancel = request->cancel;
    cinfo.progress = &prog.pub;

    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    result->source_width = (int)cinfo.image_width;
    result->source_height = (int)cinfo.image_height;
    result->progressive = cinfo.progressive_mode ? 1 : 0;
    result->color_space = color_space_code(cinfo.jpeg_color_space);
    int tw = request->target_width, th = request->target_height;
    unsigned num = 8;
    if (tw > 0 && th > 0) {
        for (unsigned n = 1; n <= 8; n++) {
            if (scaled(cinfo.image_width, n) >= (unsigned)tw && scaled(cinfo.image_height, n) >= (unsigned)th) { num = n; break; }
        }
    }
    cinfo.scale_num = num;
    cinfo.scale_denom = 8;
    result->scale_num = (int)num;

    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    result->adobe_inverted = cmyk && cinfo.saw_Adobe_marker;

    jpeg_calc_output_dimensions(&cinfo);
    /* The rows wanted, in output rows (after DCT scaling): floor and ceiling, so the part is covered. */
    int cropping = request->crop_width > 0 && request->crop_height > 0
        && (request->crop_width < 1 || request->crop_height < 1);
    JDIMENSION y0 = 0, y1 = cinfo.output_height;
    if (cropping) {
        double top = request->crop_top < 0 ? 0 : request->crop_top;
        double bottom = top + request->crop_height;
        y0 = (JDIMENSION)floor(top * cinfo.output_height);
        y1 = (JDIMENSION)ceil(bottom * cinfo.output_height);
        if (y1 > cinfo.output_height) y1 = cinfo.output_height;
        if (y0 >= y1) { y0 = 0; y1 = cinfo.output_height; }
    }

    if (request->reserve) {
        /* A progressive (or multi-scan) file keeps every coefficient of the whole image, whatever
         * the DCT scale or crop: 64 two-byte coefficients a block of every component. */
        size_t bytes = (size_t)cinfo.output_width * (y1 - y0) * 4 + (size_t)cinfo.output_width * 64;
        if (jpeg_has_multiple_scans(&cinfo))
            for (int c = 0; c < cinfo.num_components; c++)
                bytes += (size_t)cinfo.comp_info[c].width_in_blocks * cinfo.comp_info[c].height_in_blocks * 128;
        if (request->reserve(context, bytes) != 0) fail(&err, CG_CANCELLED, "cancelled");
    }

    jpeg_start_decompress(&cinfo);
    result->full_width = (int)cinfo.output_width;
    result->full_height = (int)cinfo.output_height;
    if (cinfo.output_components != 4) fail(&err, CG_ERROR, "unsupported JPEG colour layout");
    /* libjpeg-turbo 2.1.5's jpeg_crop_scanline garbles whole runs of columns of a scaled decode
     * when a component is sampled 4 to 1 (4:1:0, 4x2 or 2x4; djpeg -scale 5/8 -crop shows the
     * same): such files are decoded full width and cut afterwards. */
    int crop_columns_safely = cinfo.scale_num == cinfo.scale_denom
        || (cinfo.max_h_samp_factor <= 2 && cinfo.max_v_samp_factor <= 2);
    if (cropping && request->crop_width < 1 && crop_columns_safely) {
        double left = request->crop_left < 0 ? 0 : request->crop_left;
        JDIMENSION x = (JDIMENSION)floor(left * cinfo.output_width);
        JDIMENSION right = (JDIMENSION)ceil((left + request->crop_width) * cinfo.output_width);
        if (right > cinfo.output_width) right = cinfo.output_width;
        if (x < right) {
            JDIMENSION w = right - x;
            /* Widened to whole iMCU columns; output_width becomes w. */
            jpeg_crop_scanline(&cinfo, &x, &w);
            result->crop_x = (int)x;
        }
    }
    result->crop_y = (int)y0;
    result->width = (int)cinfo.output_width;
    result->height = (int)(y1 - y0);
    int pitch = 0;
    uint8_t *pixels = alloc(context, result->width, result->height, &pitch);
    if (!pixels || pitch < 4 * result->width) fail(&err, CG_NO_MEMORY, "out of memory for the decoded image");

    if (y0 > 0 && jpeg_skip_scanlines(&cinfo, y0) != y0) fail(&err, CG_ERROR, "could not skip to the rows wanted");
    while (cinfo.output_scanline < y1) {
        JSAMPROW rows[8];
        unsigned first = cinfo.output_scanline - y0, n = 0;
        while (n < 8 && cinfo.output_scanline + n < y1) { rows[n] = pixels + (size_t)(first + n) * (size_t)pitch; n++; }
        unsigned got = jpeg_read_scanlines(&cinfo, rows, n);
        if (cmyk) for (unsigned i = 0; i < got; i++) cmyk_to_bgra(rows[i], result->width, result->adobe_inverted);
        if (got == 0) break;
        /* Baseline files call the monitor once per iMCU row; a cancel is seen within rows either way. */
        progress((j_common_ptr)&cinfo);
    }
    result->scans = cinfo.input_scan_number;
    /* The rest of the file (trailing markers) is not needed: no jpeg_finish_decompress. */
    jpeg_destroy_decompress(&cinfo);
    return CG_OK;
}

void cg_free(void *p) { free(p); }
