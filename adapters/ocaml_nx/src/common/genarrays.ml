(* Bigarrays on the wire (spec/FORMAT.md, "Bigarrays"), for Nx's Bigarray interop
   (of_bigarray, to_bigarray, data, and the `_ext` forms where the release has them) and
   the few `Bigarray.Genarray` calls its cases make in pipelines (genarray.get, set, ...).

   `{genarray: {kind, layout, dims, data}}` is a live `Bigarray.Genarray.t`: `kind` is a
   Bigarray kind, or one of Nx's extended kinds named like the Nx dtype it stores
   (bfloat16, int4, ...); `data` holds the elements in memory order (row-major for
   c_layout, column-major for fortran_layout). Which kinds there are, and how a Genarray
   of each is made, read and written, is the release's (genarray_kinds.ml: alpha1's
   Bigarray_ext, alpha0's standard kinds alone, alpha3's Nx_buffer); the rest is here. *)

open Wire
include Genarray_elements

let kind_of_name name =
  match List.find_opt (fun k -> Genarray_kinds.name k = name) Genarray_kinds.all with
  | Some k -> k
  | None -> unsupported "Nx %s has no Bigarray kind %s" Version.nx name

let of_json body =
  let field name = member name body in
  let kind =
    match field "kind" with Some (`String s) -> kind_of_name s | _ -> malformed "a kind" body
  in
  let (L layout) =
    match field "layout" with
    | Some (`String s) -> layout_of_name s
    | _ -> malformed "a layout" body
  in
  let dims =
    match field "dims" with
    | Some (`List l) -> Array.of_list (List.map int_of_json l)
    | _ -> malformed "dims" body
  in
  let data =
    match (field "data", field "b64") with
    | Some (`List items), _ when List.length items = numel dims -> `Items (Array.of_list items)
    | Some (`Assoc [ ("b64", `String s) ]), _ | _, Some (`String s) -> `Bytes (base64_decode s)
    | _ -> malformed "numel data entries or b64" body
  in
  let (G ga) = Genarray_kinds.create kind layout dims in
  let elements = Genarray_kinds.elements ga in
  let element =
    match data with
    | `Items items -> fun i -> element_of_json elements items.(i)
    | `Bytes bytes -> element_of_bytes elements bytes
  in
  let { write; _ } = Genarray_kinds.in_memory ga in
  for i = 0 to numel dims - 1 do
    write i (element i)
  done;
  G ga

let to_json (G ga) =
  let elements = Genarray_kinds.elements ga and { read; _ } = Genarray_kinds.in_memory ga in
  let dims = Bigarray.Genarray.dims ga in
  let data = List.init (numel dims) (fun i -> json_of_element elements (read i)) in
  `Assoc
    [ ( "genarray",
        `Assoc
          [ ("kind", `String (Genarray_kinds.name (Genarray_kinds.of_genarray ga)));
            ("layout", `String (layout_name (Bigarray.Genarray.layout ga)));
            ("dims", `List (List.map (fun d -> `Int d) (Array.to_list dims)));
            ("data", `List data) ] ) ]

(* --- The Bigarray.Genarray calls of the cases (ops_genarray.ml) -------------------------- *)

(* Genarray.create kind layout dims, the kind and layout by name. *)
let create kind layout dims =
  let kind = kind_of_name kind in
  let (L layout) = layout_of_name layout in
  Genarray_kinds.create kind layout dims

(* Genarray.get ga index, as a tagged scalar. *)
let get (G ga) index =
  let get = Genarray_kinds.get ga in
  json_of_scalar (Genarray_kinds.elements ga) (get index)

(* Genarray.set ga index x and Genarray.fill ga x, x a tagged scalar of ga's element type. *)
let set (G ga) index x =
  let set = Genarray_kinds.set ga in
  set index (scalar_of_json (Genarray_kinds.elements ga) x)

let fill (G ga) x =
  let fill = Genarray_kinds.fill ga in
  fill (scalar_of_json (Genarray_kinds.elements ga) x)

(* The address of a Bigarray's first element (storage.c). *)
external data_address : ('a, 'b, 'c) Bigarray.Genarray.t -> nativeint = "ncn_data_address"

(* The byte range of its elements (int4 and uint4 pack two to a byte: an upper bound). *)
let range (G ga) =
  let start = data_address ga in
  let bytes = numel (Bigarray.Genarray.dims ga) * Genarray_kinds.element_size ga in
  (start, Nativeint.add start (Nativeint.of_int bytes))
