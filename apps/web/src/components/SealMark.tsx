/** The little round seal used as the logo. Decorative: the text next to it names the site. */
export default function SealMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="5" />
      <path
        fill="currentColor"
        d="M32 17l4.1 12.6H49.3l-10.7 7.8 4.1 12.6L32 42.2 21.3 50l4.1-12.6-10.7-7.8h13.2z"
      />
    </svg>
  );
}
