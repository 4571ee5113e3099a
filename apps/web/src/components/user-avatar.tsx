import Avatar from '@mui/material/Avatar';

interface UserAvatarProps {
  name: string | null;
  email: string;
  src: string | null;
  size?: number;
}

/** Up to two initials from the name, else the first letter of the email. */
export function initialsOf(name: string | null, email: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [email[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export function UserAvatar({ name, email, src, size = 36 }: UserAvatarProps) {
  return (
    <Avatar
      src={src ?? undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 700,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
      }}
    >
      {initialsOf(name, email)}
    </Avatar>
  );
}
