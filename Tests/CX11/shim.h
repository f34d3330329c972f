// Xlib for the end-to-end tests: what a window manager does to a window (asking it to close).
#include <X11/Xlib.h>
#include <X11/Xatom.h>
