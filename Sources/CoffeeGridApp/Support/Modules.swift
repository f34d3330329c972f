// GridMotion's values (EdgeInsets, ScrollModel, GridTransition, LayoutBlend, ColumnPinch) are the
// app's everyday vocabulary, used by scenes and widgets alike: every file of the app sees them.
@_exported import GridMotion
