/* The address of a Bigarray's data, for telling shared storage (value.ml). */
#include <caml/alloc.h>
#include <caml/bigarray.h>
#include <caml/mlvalues.h>

value ncn_data_address(value array) {
  return caml_copy_nativeint((intnat)Caml_ba_data_val(array));
}

/* A fork server's child of a case dies with the server (driver.ml): a child that hangs
   in an op is killed when the runner kills the server. Linux only; elsewhere a no-op. */
#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
#endif
#include <unistd.h>

value ncn_die_with_parent(value parent) {
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  /* The server may have died before the line above: then no signal comes. */
  if (getppid() != Int_val(parent)) _exit(0);
  return Val_unit;
}

/* The page a fork server shares with its case's child (driver.ml): two int64, anonymous
   and shared, made without allocating with malloc (the server's heap stays as it was). */
#include <sys/mman.h>
#include <caml/fail.h>

value ncn_shared_page(value unit) {
  void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) caml_failwith("mmap of the shared page failed");
  return caml_ba_alloc_dims(CAML_BA_INT64 | CAML_BA_C_LAYOUT | CAML_BA_EXTERNAL, 1, page,
                            (intnat)2);
}

/* Whether the runner asks for fork isolation: NX_CONFORMANCE_ISOLATION=fork, read without
   allocating (Sys.getenv copies the name with malloc and frees it, and a small block freed
   before the first fork is memory a child may be given uninitialised where a fresh
   process is given zeros). */
#include <stdlib.h>
#include <string.h>

value ncn_fork_asked(value unit) {
  const char *asked = getenv("NX_CONFORMANCE_ISOLATION");
  return Val_bool(asked != NULL && strcmp(asked, "fork") == 0);
}
