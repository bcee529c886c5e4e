// Client-side shapes of what the Anniv server sends (camelCase after conversion).
// Parsed and narrowed once in the service that receives them (DESIGN.md 7).

export interface SiteInfo {
  siteName: string;
  description: string;
  protocolVersion: string;
  features: string[];
}

export interface UserInfo {
  userId: string;
  email: string;
  nickname: string;
  avatar: string;
  twoFactorEnabled: boolean;
}

export interface Credential {
  id: string;
  name: string;
  url: string;
  token: string;
  priority: number;
  controlled: boolean;
}

export interface LoginRequest {
  email: string;
  /** the typed password; the service hashes it (SHA-256 hex) before sending */
  password: string;
}

export interface RegisterRequest {
  email: string;
  password: string;
  nickname: string;
  inviteCode?: string;
}

export interface ProfileRequest {
  nickname: string;
  avatar: string;
}

export interface PasswordChangeRequest {
  oldPassword: string;
  newPassword: string;
}

export interface NewCredential {
  name: string;
  url: string;
  token: string;
  priority: number;
}
