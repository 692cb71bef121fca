// GNU readline for graphcalc's REPL. Only ReadlineLineReader (Sources/graphcalc) uses it.
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

#endif
