import { z } from 'zod/mini'
import { currentToken, request } from './client'
import { earlyOr } from './early'
import { CodeRequiredResponse, type VerifyCodeRequest } from '../../shared/contracts/two-factor'
import {
  AuthResponse,
  ForgotPasswordResponse,
  MessageResponse,
  PasswordRulesResponse,
  RenewResponse,
  UserResponse,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type ProfileRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type StaffRequest,
} from '../../shared/contracts/auth'

// Login/register/forgot/reset are anonymous: a 401 there means "wrong credentials", not "session expired".
const anonymous = { authenticated: false }

export const login = (body: LoginRequest) =>
  request((w) => w.url('/auth/login').post(body).json(), AuthResponse, anonymous)

/** The session's sign-in: the token, or (staff, when the home asks for two-step sign-in) word that a code went by SMS. */
export const signIn = (body: LoginRequest) =>
  request((w) => w.url('/auth/login').post(body).json(), z.union([AuthResponse, CodeRequiredResponse]), anonymous)

/** The second step: the code from the SMS for the token. */
export const verifyCode = (body: VerifyCodeRequest) =>
  request((w) => w.url('/auth/login/verify').post(body).json(), AuthResponse, anonymous)

export const register = (body: Omit<RegisterRequest, 'role'>) =>
  request((w) => w.url('/auth/register').post({ ...body, role: 'client' }).json(), MessageResponse, anonymous)

export const createStaff = (body: StaffRequest) =>
  request((w) => w.url('/auth/staff').post(body).json(), MessageResponse)

/** A fresh token for the session (asked for while the user is active). */
export const renew = () => request((w) => w.url('/auth/renew').post().json(), RenewResponse)

export const me = () => request((w) => earlyOr('/auth/me', currentToken(), () => w.url('/auth/me').get().json()), UserResponse)

export const updateProfile = (body: ProfileRequest) =>
  request((w) => w.url('/auth/profile').put(body).json(), UserResponse)

export const changePassword = (body: ChangePasswordRequest) =>
  request((w) => w.url('/auth/change-password').put(body).json(), MessageResponse)

export const forgotPassword = (body: ForgotPasswordRequest) =>
  request((w) => w.url('/auth/forgot-password').post(body).json(), ForgotPasswordResponse, anonymous)

export const resetPassword = (body: ResetPasswordRequest) =>
  request((w) => w.url('/auth/reset-password').post(body).json(), MessageResponse, anonymous)

/** The password rules every new password must meet (GET /settings/public, no sign-in). */
export const passwordRules = () => request((w) => w.url('/settings/public').get().json(), PasswordRulesResponse, anonymous)
