// Compares the fixed battle's record from the wasm build with the native one, byte for byte
// (SPEC §0.1). Usage: node same_record.mjs WASM_FILE NATIVE_JSON_FILE
import { readFileSync } from "node:fs";

const [wasmFile, nativeFile] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile), {});
const len = instance.exports.fixed_record();
const ptr = instance.exports.record_ptr();
const wasm = new Uint8Array(instance.exports.memory.buffer, ptr, len);
const native = readFileSync(nativeFile).subarray(0, len);
const same = len === readFileSync(nativeFile).toString().trimEnd().length &&
  wasm.every((b, i) => b === native[i]);
console.log(same ? `same record (${len} bytes)` : "RECORDS DIFFER");
process.exit(same ? 0 : 1);
