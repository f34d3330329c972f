#ifndef CG_X11_PRESENT_H
#define CG_X11_PRESENT_H

/* The X server's side of showing a scrolled frame: it copies the window's own pixels (XCopyArea), so
   the client sends only what is new. Opaque: neither SDL's nor Xlib's types reach Swift (Xlib names
   such as Font and Window would shadow the app's). */
typedef struct cg_x11_present cg_x11_present;

/* For an SDL_Window on SDL's X11 driver; NULL on any other (Wayland, offscreen). */
cg_x11_present *cg_x11_present_open(void *sdl_window);

/* Queues a copy of the window's rectangle at (sx, sy) to (dx, dy), in window pixels. */
void cg_x11_present_copy(cg_x11_present *p, int sx, int sy, int width, int height, int dx, int dy);

/* After the frame's puts have been synced (or with sync set, after syncing here): 1 when the server
   could not copy part of the source (it was off screen or covered, with no compositor keeping it),
   so that part of the window is undefined; 0 when every copy was whole. */
int cg_x11_present_lost(cg_x11_present *p, int sync);

void cg_x11_present_close(cg_x11_present *p);

#endif
