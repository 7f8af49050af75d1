#ifndef PEACH_CALSA_SHIM_H
#define PEACH_CALSA_SHIM_H
// The one place Peach touches libasound's headers. Macros Swift cannot import get
// `static inline` twins here (see ../shared/alsa-vm/README.md, "ALSA from Swift").
#include <alsa/asoundlib.h>
#endif
