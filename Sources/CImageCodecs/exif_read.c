/* EXIF orientation and capture time, read with libexif from an APP1 payload. */
#include <string.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
#include "cg_codecs.h"

int cg_exif_read(const uint8_t *data, size_t size, cg_exif_info *info) {
    memset(info, 0, sizeof *info);
    if (!data || size < 14 || memcmp(data, "Exif\0\0", 6) != 0) return 0;
    ExifData *ed = exif_data_new();
    if (!ed) return 0;
    /* Read only: no "fixing" the data to the specification, no maker-note rewriting. */
    exif_data_unset_option(ed, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_set_option(ed, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE);
    exif_data_load_data(ed, data, (unsigned int)size);
    ExifByteOrder order = exif_data_get_byte_order(ed);

    ExifEntry *e = exif_content_get_entry(ed->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
    if (e && e->data && e->components >= 1) {
        int v = 0;
        if (e->format == EXIF_FORMAT_SHORT && e->size >= 2) v = exif_get_short(e->data, order);
        else if (e->format == EXIF_FORMAT_LONG && e->size >= 4) v = (int)exif_get_long(e->data, order);
        if (v >= 1 && v <= 8) info->orientation = v;
    }
    e = exif_content_get_entry(ed->ifd[EXIF_IFD_EXIF], EXIF_TAG_DATE_TIME_ORIGINAL);
    if (e && e->data && e->format == EXIF_FORMAT_ASCII && e->size >= 19) {
        memcpy(info->date_time_original, e->data, 19);
        info->date_time_original[19] = 0;
    }
    exif_data_unref(ed);
    return 1;
}
