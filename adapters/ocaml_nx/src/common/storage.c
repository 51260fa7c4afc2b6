/* The address of a Bigarray's data, for telling shared storage (value.ml). */
#include <caml/alloc.h>
#include <caml/bigarray.h>
#include <caml/mlvalues.h>

value ncn_data_address(value array) {
  return caml_copy_nativeint((intnat)Caml_ba_data_val(array));
}
