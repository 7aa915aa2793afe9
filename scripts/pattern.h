/*
 * pattern.h - Lua 5.4's string patterns, matched under the sandbox's budget.
 *
 * Contract:
 * - pattern_install replaces find, match, gmatch and gsub in the string
 *   table at the top of L's stack with functions of the same behaviour (the
 *   Lua 5.4 manual, section 6.4.1: results, captures, anchors, %b, %f,
 *   back-references, gsub's string/table/function replacements and the
 *   same error messages) whose work is counted: every character test and
 *   every step of backtracking is charged to the sandbox's instruction
 *   budget (sandbox_charge_lua), a few thousand at a time. A pattern that
 *   backtracks for hours therefore stops with the budget error like any
 *   loop, instead of running inside one C call the count hook cannot see.
 * - The matcher needs a sandbox's state (sandbox.h): L's allocator userdata
 *   is its struct sandbox.
 */
#ifndef WS_PATTERN_H
#define WS_PATTERN_H

#include <lua.h>

void pattern_install(lua_State *L);

#endif
