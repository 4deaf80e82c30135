from tests.fakes.fixtures import fake_openai, fake_openai_factory  # noqa: F401
