// The diff code of the table page (table.js loads it with the first change it applies): a
// changed view's line diff from the fragment the phone holds (companion/web/fragments.py)
// and the checksum (UTF-8 length, CRC-32) both sides name a fragment by.
var companionDiff = (function () {
  "use strict";
  var crcTable = null;
  function checksum(text) {
    var bytes = new TextEncoder().encode(text);
    var crc = -1;
    if (!crcTable) {
      crcTable = [];
      for (var n = 0; n < 256; n++) {
        var c = n;
        for (var k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
        crcTable[n] = c;
      }
    }
    for (var i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 255] ^ (crc >>> 8);
    return bytes.length + "-" + ((crc ^ -1) >>> 0).toString(16);
  }
  // Ops: n > 0 keeps n lines of the base, n < 0 skips -n, a string is a new line.
  function patch(base, body) {
    var diff = JSON.parse(body);
    if (!base || diff.from !== base[1]) return null;
    var lines = base[0].split("\n");
    var out = [];
    var at = 0;
    diff.ops.forEach(function (op) {
      if (typeof op === "string") {
        out.push(op);
      } else if (op > 0) {
        for (var end = at + op; at < end && at < lines.length; at++) out.push(lines[at]);
      } else {
        at -= op;
      }
    });
    var text = out.join("\n");
    return at === lines.length && checksum(text) === diff.to ? [text, diff.to] : null;
  }

  return { checksum: checksum, patch: patch };
})();
if (typeof window !== "undefined") window.companionDiff = companionDiff;
