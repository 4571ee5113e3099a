import type { Language } from '@plotline/core';
import type { Mail } from '../../adapters/mailer.ts';

interface MailText {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
}

type MailKind = 'invite' | 'reset';

/** Mail texts in every studio language; `{company}` and `{hours}` are filled in. */
const TEXTS: Record<Language, Record<MailKind, MailText>> = {
  en: {
    invite: {
      subject: 'You are invited to Plotline',
      greeting: 'Hello,',
      body: 'You have been invited to work on interactive video projects of {company} in Plotline.',
      action: 'Accept the invitation',
      expiry: 'The link works once and for {hours} hours.',
      ignore: 'If you did not expect this invitation, you can ignore this mail.',
    },
    reset: {
      subject: 'Reset your Plotline password',
      greeting: 'Hello,',
      body: 'Someone asked to reset the password of your Plotline account.',
      action: 'Choose a new password',
      expiry: 'The link works once and for {hours} hour.',
      ignore: 'If it was not you, ignore this mail: your password stays as it is.',
    },
  },
  de: {
    invite: {
      subject: 'Einladung zu Plotline',
      greeting: 'Hallo,',
      body: 'Sie wurden eingeladen, in Plotline an interaktiven Videoprojekten von {company} mitzuarbeiten.',
      action: 'Einladung annehmen',
      expiry: 'Der Link funktioniert einmal und {hours} Stunden lang.',
      ignore: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    },
    reset: {
      subject: 'Plotline-Passwort zurücksetzen',
      greeting: 'Hallo,',
      body: 'Jemand hat angefordert, das Passwort Ihres Plotline-Kontos zurückzusetzen.',
      action: 'Neues Passwort wählen',
      expiry: 'Der Link funktioniert einmal und {hours} Stunde lang.',
      ignore:
        'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
  },
  id: {
    invite: {
      subject: 'Anda diundang ke Plotline',
      greeting: 'Halo,',
      body: 'Anda diundang untuk mengerjakan proyek video interaktif {company} di Plotline.',
      action: 'Terima undangan',
      expiry: 'Tautan ini hanya dapat dipakai sekali dan berlaku {hours} jam.',
      ignore: 'Jika Anda tidak mengharapkan undangan ini, abaikan email ini.',
    },
    reset: {
      subject: 'Atur ulang kata sandi Plotline Anda',
      greeting: 'Halo,',
      body: 'Seseorang meminta untuk mengatur ulang kata sandi akun Plotline Anda.',
      action: 'Pilih kata sandi baru',
      expiry: 'Tautan ini hanya dapat dipakai sekali dan berlaku {hours} jam.',
      ignore: 'Jika itu bukan Anda, abaikan email ini: kata sandi Anda tidak berubah.',
    },
  },
  es: {
    invite: {
      subject: 'Te han invitado a Plotline',
      greeting: 'Hola:',
      body: 'Te han invitado a trabajar en los proyectos de vídeo interactivo de {company} en Plotline.',
      action: 'Aceptar la invitación',
      expiry: 'El enlace funciona una sola vez y durante {hours} horas.',
      ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Plotline',
      greeting: 'Hola:',
      body: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Plotline.',
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace funciona una sola vez y durante {hours} hora.',
      ignore: 'Si no has sido tú, ignora este correo: tu contraseña no cambia.',
    },
  },
  zh: {
    invite: {
      subject: '您受邀加入 Plotline',
      greeting: '您好，',
      body: '您受邀在 Plotline 中参与 {company} 的互动视频项目。',
      action: '接受邀请',
      expiry: '此链接仅可使用一次，有效期 {hours} 小时。',
      ignore: '如果您没有预期收到此邀请，可以忽略这封邮件。',
    },
    reset: {
      subject: '重置您的 Plotline 密码',
      greeting: '您好，',
      body: '有人请求重置您的 Plotline 账户密码。',
      action: '设置新密码',
      expiry: '此链接仅可使用一次，有效期 {hours} 小时。',
      ignore: '如果不是您本人操作，请忽略这封邮件：您的密码不会改变。',
    },
  },
  ar: {
    invite: {
      subject: 'دعوة للانضمام إلى Plotline',
      greeting: 'مرحبًا،',
      body: 'تمت دعوتك للعمل على مشاريع الفيديو التفاعلي الخاصة بـ {company} في Plotline.',
      action: 'قبول الدعوة',
      expiry: 'يعمل الرابط مرة واحدة ولمدة {hours} ساعة.',
      ignore: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة مرور Plotline',
      greeting: 'مرحبًا،',
      body: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Plotline.',
      action: 'اختر كلمة مرور جديدة',
      expiry: 'يعمل الرابط مرة واحدة ولمدة {hours} ساعة.',
      ignore: 'إذا لم تكن أنت، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
    },
  },
};

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A plain and an HTML version of an account mail, in the given language. */
export function accountMail(
  kind: MailKind,
  language: Language,
  to: string,
  values: { link: string; company: string; hours: number },
): Mail {
  const texts = TEXTS[language][kind];
  const fill = (text: string) =>
    text.replace('{company}', values.company).replace('{hours}', String(values.hours));
  const lines = [texts.greeting, fill(texts.body), values.link, fill(texts.expiry), texts.ignore];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:Lato,Arial,sans-serif;color:#1f1f2e">
<p>${escapeHtml(texts.greeting)}</p>
<p>${escapeHtml(fill(texts.body))}</p>
<p><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#6a3fc1;color:#fff;text-decoration:none">${escapeHtml(texts.action)}</a></p>
<p style="color:#555">${escapeHtml(fill(texts.expiry))}<br>${escapeHtml(texts.ignore)}</p>
</body></html>`;
  return { to, subject: texts.subject, text: lines.join('\n\n'), html, link: values.link };
}
