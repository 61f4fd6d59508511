"""``bedrock:<model id>``: Anthropic models on AWS Bedrock through the SDK's Bedrock client.

Credentials, in the order the client uses them:

* ``AWS_BEARER_TOKEN_BEDROCK`` (a Bedrock API key): sent as a bearer token, no boto3 needed;
* ``AWS_ACCESS_KEY_ID`` / ``AWS_SECRET_ACCESS_KEY`` (/ ``AWS_SESSION_TOKEN``), ``AWS_PROFILE``,
  or the AWS config files: requests are SigV4-signed, which needs boto3 and botocore
  (``pip install 'pageindex-bench[bedrock]'``).

Region from ``AWS_REGION`` / ``AWS_DEFAULT_REGION`` (default us-east-1); the endpoint can be
overridden with ``ANTHROPIC_BEDROCK_BASE_URL`` (tests point it at a local server).
"""
from __future__ import annotations

import importlib.util
import os
from dataclasses import replace

from core.errors import UserError
from core.llm.base import ModelSpec, ProviderSettings
from core.llm.providers._anthropic_wire import MessagesProvider
from core.redact import sent_credentials

DEFAULT_REGION = "us-east-1"
# Where the credentials come from, for the fix when they are rejected.
KEY_SOURCE = "the AWS credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, or AWS_BEARER_TOKEN_BEDROCK)"
INSTALL_FIX = "pip install 'pageindex-bench[bedrock]' (or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key)"
# Environment variables through which boto3 finds credentials without arguments.
_AMBIENT_CREDENTIAL_VARS = (
    "AWS_PROFILE",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
    "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
    "AWS_CONTAINER_CREDENTIALS_FULL_URI",
)


def region(settings: ProviderSettings) -> str:
    return settings.getenv("AWS_REGION") or settings.getenv("AWS_DEFAULT_REGION") or DEFAULT_REGION


def _has_boto() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("boto3", "botocore"))


def _has_aws_config_files(settings: ProviderSettings) -> bool:
    home = settings.getenv("HOME")
    paths = [settings.getenv("AWS_SHARED_CREDENTIALS_FILE"), settings.getenv("AWS_CONFIG_FILE")]
    if home:
        paths += [os.path.join(home, ".aws", "credentials"), os.path.join(home, ".aws", "config")]
    return any(p and os.path.isfile(p) for p in paths)


def check(spec: ModelSpec, settings: ProviderSettings) -> None:
    if not spec.model:
        raise UserError(f"{spec.label} names no model", "write bedrock:<model id>, e.g. bedrock:haiku")
    if settings.getenv("AWS_BEARER_TOKEN_BEDROCK"):
        return
    has_keys = bool(settings.getenv("AWS_ACCESS_KEY_ID") and settings.getenv("AWS_SECRET_ACCESS_KEY"))
    ambient = any(settings.getenv(name) for name in _AMBIENT_CREDENTIAL_VARS) or _has_aws_config_files(settings)
    if not (has_keys or ambient):
        fix = (
            "export AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), or AWS_PROFILE, "
            "or AWS_BEARER_TOKEN_BEDROCK; set AWS_REGION for a region other than us-east-1"
        )
        if not _has_boto():
            fix += "; AWS keys and profiles also need pip install 'pageindex-bench[bedrock]'"
        raise UserError(f"{spec.label} needs AWS credentials, but none are set", fix)
    if not _has_boto():
        raise UserError(f"{spec.label} signs requests with AWS credentials, which needs boto3 and botocore",
                        INSTALL_FIX)


def endpoint(spec: ModelSpec, settings: ProviderSettings) -> str:
    """The server the model is reached at."""
    return settings.getenv("ANTHROPIC_BEDROCK_BASE_URL") or f"https://bedrock-runtime.{region(settings)}.amazonaws.com"


def create(spec: ModelSpec, settings: ProviderSettings) -> MessagesProvider:
    check(spec, settings)
    from anthropic import AsyncAnthropicBedrock

    aws_region = region(settings)
    base_url = endpoint(spec, settings)
    token = settings.getenv("AWS_BEARER_TOKEN_BEDROCK")
    if token:
        # The client refuses a bearer token together with AWS keys; the token wins.
        credentials: dict[str, str | None] = {"api_key": token}
    else:
        credentials = {
            "aws_access_key": settings.getenv("AWS_ACCESS_KEY_ID"),
            "aws_secret_key": settings.getenv("AWS_SECRET_ACCESS_KEY"),
            "aws_session_token": settings.getenv("AWS_SESSION_TOKEN"),
            "aws_profile": settings.getenv("AWS_PROFILE"),
        }
    client = AsyncAnthropicBedrock(
        **credentials,  # type: ignore[arg-type]  # the SDK types each credential keyword separately
        aws_region=aws_region,
        base_url=base_url,
        timeout=settings.timeout_s,
        max_retries=0,
    )
    # The profile is a name, not a secret; masking "default" would garble messages.
    sent = sent_credentials(*(v for k, v in credentials.items() if k != "aws_profile"), url=base_url)
    return MessagesProvider(replace(spec, base_url=base_url), client, credentials=sent)  # the cache keys on the URL used
