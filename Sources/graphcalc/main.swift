import GraphCalcCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(GraphCalc.run(arguments: Array(CommandLine.arguments.dropFirst())))
