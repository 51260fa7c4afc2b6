(* What the element-wise and indexing sections take from the release: from Nx 1.0.0~alpha2
   on, a mask, a condition and the result of a comparison are `(bool, bool_elt) t` (the
   documentation of alpha1, which the cases encode, says `(int, uint8_elt) t`: a uint8
   condition no longer type-checks, and comparisons answer bool tensors). *)

type mask = (bool, Nx.bool_elt) Nx.t

let mask_dtype : (bool, Nx.bool_elt) Nx.dtype = Nx.bool
