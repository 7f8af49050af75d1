// Placeholder: the PeachALSA module is being built; see the issues.
