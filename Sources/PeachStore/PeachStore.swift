// Placeholder: the PeachStore module is being built; see the issues.
