(* What the element-wise and indexing sections take from the release: in Nx 1.0.0~alpha1
   a mask, a condition and the result of a comparison are `(int, uint8_elt) t`. *)

type mask = (int, Nx.uint8_elt) Nx.t

let mask_dtype : (int, Nx.uint8_elt) Nx.dtype = Nx.uint8
