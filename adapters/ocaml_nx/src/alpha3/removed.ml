(* Functions of the documented Nx (nx.txt describes 1.0.0~alpha1) that Nx 1.0.0~alpha3
   removed. A case calling one is answered unsupported with that reason: the driver never
   emulates a function the release does not have, nor calls another function in its place
   unless it is the same documented function under a new name. *)

let call name = Wire.unsupported "Nx %s has no %s (removed in alpha3)" Version.nx name

(* Table entries answering each of these names so. *)
let ops names : (string * Op.t) list = List.map (fun name -> (name, fun _ _ -> call name)) names
