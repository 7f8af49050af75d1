// Placeholder: the PeachTerminal module is being built; see the issues.
