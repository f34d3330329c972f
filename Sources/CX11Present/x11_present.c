#include "cg_x11_present.h"

#include <stdlib.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>

struct cg_x11_present {
    Display *display;
    Window window;
    GC gc;
};

cg_x11_present *cg_x11_present_open(void *sdl_window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!sdl_window || !SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info) || info.subsystem != SDL_SYSWM_X11)
        return NULL;
    cg_x11_present *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->display = info.info.x11.display;
    p->window = info.info.x11.window;
    /* Graphics exposures on: a copy whose source the server does not have answers with
       GraphicsExpose events naming what is missing (read back in cg_x11_present_lost). */
    XGCValues values;
    values.graphics_exposures = True;
    p->gc = XCreateGC(p->display, p->window, GCGraphicsExposures, &values);
    if (!p->gc) {
        free(p);
        return NULL;
    }
    return p;
}

void cg_x11_present_copy(cg_x11_present *p, int sx, int sy, int width, int height, int dx, int dy) {
    if (width <= 0 || height <= 0) return;
    XCopyArea(p->display, p->window, p->window, p->gc, sx, sy, (unsigned)width, (unsigned)height, dx, dy);
}

int cg_x11_present_lost(cg_x11_present *p, int sync) {
    if (sync) XSync(p->display, False);
    XEvent e;
    int lost = 0;
    /* Taken out of the queue here, before SDL reads it (it has no use for either). */
    while (XCheckTypedWindowEvent(p->display, p->window, GraphicsExpose, &e)) lost = 1;
    while (XCheckTypedWindowEvent(p->display, p->window, NoExpose, &e)) {}
    return lost;
}

void cg_x11_present_close(cg_x11_present *p) {
    if (!p) return;
    XFreeGC(p->display, p->gc);
    free(p);
}
