(* indexing (seed 001): filled in by the section work. *)

let ops : (string * Op.t) list = []
