/*
 * demo.h - `warpstep debug-demo`: the interface on the scripted fake
 * backend (tui/demo.c). Kept apart from cmd.h so that main.c's own names
 * do not meet the interface's.
 * Contract: ui_demo_main takes the arguments after "debug-demo" and returns
 * the exit status (0, or 2 for bad usage or no usable terminal).
 */
#ifndef WS_UI_DEMO_H
#define WS_UI_DEMO_H

int ui_demo_main(int argc, char **argv);

#endif
