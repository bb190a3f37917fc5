-- Refresh-token rotation with a short reuse window (issue 4, docs/security.md): when a browser sends two requests
-- at once with an expired access token, both refresh with the same refresh token. The second must not log the
-- shopper out, so a token rotated in the last 30 seconds may be traded once more. rotated_at is set only by
-- rotation; logout and password resets clear it, which ends the window at once.
ALTER TABLE oauth_tokens ADD COLUMN rotated_at INTEGER;
