/** 1234567.8 -> "1,234,568". */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Bytes -> "123.4 MiB". */
export function formatBytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Seconds -> "12.34 s". */
export function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(2)} s`;
}

/** 0.5321 -> "0.53x". */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}
