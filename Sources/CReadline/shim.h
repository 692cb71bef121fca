// GNU readline for graphcalc's REPL (ReadlineLineReader), and the one allocator setting
// graphcalc's main.swift makes. Only the graphcalc executable uses it.
#ifndef GRAPHCALC_CREADLINE_SHIM_H
#define GRAPHCALC_CREADLINE_SHIM_H

#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

/// Ctrl-C at the prompt: abandon the line being typed and show a fresh prompt, instead of
/// ending the program. Readline's own signal handling is switched off for this.
static void graphcalc_readline_interrupt(int signal_number) {
    (void)signal_number;
    (void)!write(STDOUT_FILENO, "^C\n", 3);
    rl_on_new_line();
    rl_replace_line("", 0);
    rl_redisplay();
}

static inline void graphcalc_readline_install_interrupt_handler(void) {
    rl_catch_signals = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = graphcalc_readline_interrupt;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    // A parent may have left SIGINT blocked (signal masks survive exec): unblock it.
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    sigprocmask(SIG_UNBLOCK, &interrupt, NULL);
}

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// glibc raises its mmap threshold to the size of each large block freed, so that later
/// blocks of that size come from the heap and stay resident once freed. Fixed at its
/// default (128 KB), a large block is mapped and unmapped on its own. Elsewhere, nothing.
static inline void graphcalc_fix_mmap_threshold(void) {
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

#endif
