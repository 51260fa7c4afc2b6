(* The namespaces of Nx 1.0.0~alpha1 (and alpha2): the Nx module, as documented (nx.txt). *)

let all = [ ("nx", Documented.nx) ]
